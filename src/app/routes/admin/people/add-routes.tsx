import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { OwnerType } from '@shared/schemas/owner';
import { ProfileForm } from '@/features/owner/components/profile-form';
import { useRiderExistsCheck } from '@/features/people-admin/api/check-rider-exists';
import { useCreatePerson } from '@/features/people-admin/api/create-person';
import { RiderExistsNote } from '@/features/people-admin/components/rider-exists-note';
import { KIND_PAGES, profileHref } from '@/features/people-admin/kinds';
import { notify } from '@/lib/notify';
import { PATHS } from '@/lib/paths';

/** A new person of one kind (no login yet); saved, the admin lands on the new profile. */
function AddPage({ kind }: { kind: OwnerType }) {
  const { t } = useTranslation(['routes', 'people', 'common']);
  const navigate = useNavigate();
  const create = useCreatePerson(kind);
  // A new rider: warn when the e-mail or registration number is on record already.
  const existing = useRiderExistsCheck();
  const rider = kind === 'rider';
  return (
    <Stack>
      <Title order={1}>{t(PATHS[KIND_PAGES[kind].add].label)}</Title>
      <ProfileForm
        type={kind}
        submitLabel={t('people:admin.create')}
        onFieldBlur={rider ? existing.checked : undefined}
        notice={rider && existing.found ? <RiderExistsNote rider={existing.found} /> : null}
        onSubmit={async (values) => {
          const created = await create.mutateAsync(values);
          notify.success(t('common:toast.saved'));
          navigate(profileHref(kind, created.id));
        }}
      />
    </Stack>
  );
}

export const RiderAddRoute = () => <AddPage kind="rider" />;
export const EmployerAddRoute = () => <AddPage kind="employer" />;
export const OfficialAddRoute = () => <AddPage kind="official" />;
export const SimpleuserAddRoute = () => <AddPage kind="simpleuser" />;
export const MerchantAddRoute = () => <AddPage kind="merchant" />;
