import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIENCES, type AudienceKey } from '@shared/audiences';
import { SignedInUser } from '@/features/auth/components/signed-in-user';
import { VenueCard } from '@/features/venues/components/venue-card';
import { useAppStore } from '@/lib/store';

interface AudienceDashboardProps {
  audience: AudienceKey;
  /** The page heading; the audience's name by default. */
  title?: string;
  children?: ReactNode;
}

/**
 * The top of an audience's dashboard: its heading, who is signed in with which roles and, for
 * the venue-bound dashboards, the assigned venue (a fragment: it goes into the page's Stack).
 */
export function DashboardHead({ audience, title }: Omit<AudienceDashboardProps, 'children'>) {
  const { t } = useTranslation('dashboard');
  const venueId = useAppStore((state) => state.user?.assigned_venue ?? null);
  return (
    <>
      <Title order={1}>{title ?? t(`audience.${audience}`)}</Title>
      <Text c="dimmed">{t(`intro.${audience}`)}</Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <SignedInUser />
        {AUDIENCES[audience].venueRequired && venueId !== null && <VenueCard venueId={venueId} />}
      </SimpleGrid>
    </>
  );
}

/**
 * The dashboard page every audience shares: its head (DashboardHead) and the audience's
 * sections in `children`.
 */
export function AudienceDashboard({ children, ...head }: AudienceDashboardProps) {
  return (
    <Stack>
      <DashboardHead {...head} />
      {children}
    </Stack>
  );
}
