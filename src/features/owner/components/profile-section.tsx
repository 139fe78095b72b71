import { Alert, Card, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useProfile, useUpdateProfile } from '../api/profile';
import type { OwnerRef } from '../api/owner-path';
import { ProfileForm } from './profile-form';

/** The owner's profile, loaded and saved ("Saved successfully."). */
export function ProfileSection({ owner }: { owner: OwnerRef }) {
  const { t } = useTranslation(['owner', 'common']);
  const profile = useProfile(owner);
  const update = useUpdateProfile(owner);
  if (profile.isPending) return <Skeleton height={240} aria-label={t('common:table.loading')} />;
  if (profile.isError) return <Alert color="red">{errorText(profile.error)}</Alert>;
  return (
    <Card withBorder>
      <ProfileForm
        key={profile.data.id}
        type={owner.type}
        initial={profile.data}
        submitLabel={t('common:form.save')}
        onSubmit={async (input) => {
          await update.mutateAsync(input);
          notify.success(t('common:toast.saved'));
        }}
      />
    </Card>
  );
}
