import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OwnerType } from '@shared/schemas/owner';
import { PeopleList } from '@/features/people-admin/components/people-list';
import { KIND_PAGES } from '@/features/people-admin/kinds';
import { PATHS } from '@/lib/paths';

function ListPage({ kind }: { kind: OwnerType }) {
  const { t } = useTranslation('routes');
  return (
    <Stack>
      <Title order={1}>{t(PATHS[KIND_PAGES[kind].list].label)}</Title>
      <PeopleList kind={kind} />
    </Stack>
  );
}

export const RidersListRoute = () => <ListPage kind="rider" />;
export const EmployersListRoute = () => <ListPage kind="employer" />;
export const OfficialsListRoute = () => <ListPage kind="official" />;
export const SimpleusersListRoute = () => <ListPage kind="simpleuser" />;
export const MerchantsListRoute = () => <ListPage kind="merchant" />;
