import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { VenueName } from '@/features/ledger/components/venue-name';
import { StartListView } from '@/features/startlists/components/start-list-view';
import { StartlistOverviewView } from '@/features/startlists/components/startlist-overview';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';

/** A venue's competitions with their start lists (admin). */
export function VenueStartlistsRoute() {
  const { t } = useTranslation('routes');
  const venueId = Number(useParams().venueId);
  return (
    <Stack>
      <Title order={1}>{t('venueStartlists')}</Title>
      <VenueName venueId={venueId} />
      <StartlistOverviewView
        venueId={venueId}
        competitionHref={(competitionId) => href('venueStartlist', { venueId, competitionId })}
      />
    </Stack>
  );
}

/** One competition's start list (admin). */
export function VenueStartlistRoute() {
  const { t } = useTranslation('routes');
  const params = useParams();
  const venueId = Number(params.venueId);
  return (
    <Stack>
      <Anchor component={Link} to={href('venueStartlists', { venueId })} size="sm">
        ← {t('venueStartlists')}
      </Anchor>
      <Title order={1}>{t('venueStartlist')}</Title>
      <VenueName venueId={venueId} />
      <StartListView competitionId={Number(params.competitionId)} />
    </Stack>
  );
}

/** The organizer's competitions with their start lists (their venue). */
export function OrganizerStartlistsRoute() {
  const { t } = useTranslation('routes');
  const venueId = useAppStore((state) => state.user?.assigned_venue ?? null);
  return (
    <Stack>
      <Title order={1}>{t('organizerStartlists')}</Title>
      {venueId !== null && (
        <>
          <VenueName venueId={venueId} />
          <StartlistOverviewView
            venueId={venueId}
            competitionHref={(competitionId) => href('organizerStartlist', { competitionId })}
          />
        </>
      )}
    </Stack>
  );
}

/** One competition's start list (organizer). */
export function OrganizerStartlistRoute() {
  const { t } = useTranslation('routes');
  const params = useParams();
  return (
    <Stack>
      <Anchor component={Link} to={href('organizerStartlists')} size="sm">
        ← {t('organizerStartlists')}
      </Anchor>
      <Title order={1}>{t('organizerStartlist')}</Title>
      <StartListView competitionId={Number(params.competitionId)} />
    </Stack>
  );
}
