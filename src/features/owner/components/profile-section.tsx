import { Card } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { QueryView } from '@/lib/components/query-view';
import { useProfile, useUpdateProfile } from '../api/profile';
import type { OwnerRef } from '../api/owner-path';
import { ProfileForm } from './profile-form';

/** The owner's profile, loaded and saved ("Saved successfully."). */
export function ProfileSection({ owner }: { owner: OwnerRef }) {
  const { t } = useTranslation(['owner', 'common']);
  const profile = useProfile(owner);
  const update = useUpdateProfile(owner);
  return (
    <QueryView query={profile} height={240}>
      {(data) => (
        <Card withBorder>
          <ProfileForm
            key={data.id}
            type={owner.type}
            initial={data}
            submitLabel={t('common:form.save')}
            onSubmit={async (input) => {
              await update.mutateAsync(input);
              notify.success(t('common:toast.saved'));
            }}
          />
        </Card>
      )}
    </QueryView>
  );
}
