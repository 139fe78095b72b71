import { Alert, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import { useProfile } from '@/features/owner/api/profile';
import { OwnerNav } from '@/lib/components/owner-nav';
import { useOwner, type Owner } from '@/lib/owner-scope';
import { routeLabel } from '../../route-handle';

/** The deepest labelled route's name ("Bank accounts", "Accreditation", …). */
export function usePageLabel(): string {
  const { t } = useTranslation('routes');
  const label = useMatches()
    .map(routeLabel)
    .filter((value) => value !== null)
    .at(-1);
  return label ? t(label) : '';
}

/** Whose pages these are, when someone else's (an admin's or employer's view). */
function ManagedName({ owner }: { owner: Owner }) {
  const profile = useProfile(owner);
  if (!profile.data) return null;
  const data = profile.data as { first_name: string; last_name: string; company_name?: string };
  return <Text c="dimmed">{data.company_name || `${data.first_name} ${data.last_name}`.trim()}</Text>;
}

/** A section page: its heading, the managed person's sections, then the page for the route's owner. */
export function SectionPage({ children }: { children(owner: Owner): ReactNode }) {
  const { t } = useTranslation('owner');
  const owner = useOwner();
  const title = usePageLabel();
  return (
    <Stack>
      <Title order={1}>{title}</Title>
      {owner?.managed && <ManagedName owner={owner} />}
      <OwnerNav />
      {owner ? (
        children(owner)
      ) : (
        <Alert color="yellow" role="alert">
          {t('noProfile')}
        </Alert>
      )}
    </Stack>
  );
}
