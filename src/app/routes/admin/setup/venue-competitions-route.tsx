import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { CompetitionEditor } from '@/features/venues/components/competition-editor';
import { CompetitionForm } from '@/features/venues/components/competition-form';
import { CompetitionList } from '@/features/venues/components/competition-list';
import { VenueHeading } from '@/features/venues/components/venue-heading';
import { href } from '@/lib/paths';

export function VenueCompetitionsRoute() {
  const { t } = useTranslation('routes');
  const venueId = Number(useParams().venueId);
  return (
    <Stack>
      <VenueHeading venueId={venueId} title={t('venueCompetitions')} />
      <CompetitionList venueId={venueId} />
    </Stack>
  );
}

export function VenueCompetitionAddRoute() {
  const { t } = useTranslation('routes');
  const venueId = Number(useParams().venueId);
  const navigate = useNavigate();
  return (
    <Stack>
      <VenueHeading venueId={venueId} title={t('venueCompetitionAdd')} />
      <CompetitionForm venueId={venueId} onSaved={() => navigate(href('venueCompetitions', { venueId }))} />
    </Stack>
  );
}

export function VenueCompetitionEditRoute() {
  const { t } = useTranslation('routes');
  const params = useParams();
  const venueId = Number(params.venueId);
  const navigate = useNavigate();
  return (
    <Stack>
      <VenueHeading venueId={venueId} title={t('venueCompetitionEdit')} />
      <CompetitionEditor
        venueId={venueId}
        competitionId={Number(params.competitionId)}
        onSaved={() => navigate(href('venueCompetitions', { venueId }))}
      />
    </Stack>
  );
}
