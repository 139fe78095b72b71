import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { VenueName } from '@/features/ledger/components/venue-name';
import { RankingView } from '@/features/results/components/ranking-view';
import { RankingsList } from '@/features/results/components/rankings-list';
import { ResultForm } from '@/features/results/components/result-form';
import { ResultsUpload } from '@/features/results/components/results-upload';
import { href } from '@/lib/paths';

const useIds = () => {
  const params = useParams();
  return {
    venueId: Number(params.venueId),
    competitionId: Number(params.competitionId),
    entryId: Number(params.entryId),
  };
};

/** A venue's competitions with their results and publication. */
export function VenueRankingsRoute() {
  const { t } = useTranslation('routes');
  const navigate = useNavigate();
  const { venueId } = useIds();
  return (
    <Stack>
      <Title order={1}>{t('venueRankings')}</Title>
      <VenueName venueId={venueId} />
      <RankingsList
        venueId={venueId}
        onOpen={(c) => void navigate(href('venueRanking', { venueId, competitionId: c.id }))}
      />
    </Stack>
  );
}

/** One competition's ranking: publish, pay the prize money, add and edit results. */
export function VenueRankingRoute() {
  const { t } = useTranslation('routes');
  const navigate = useNavigate();
  const { venueId, competitionId } = useIds();
  return (
    <Stack>
      <Title order={1}>{t('venueRanking')}</Title>
      <VenueName venueId={venueId} />
      <RankingView
        competitionId={competitionId}
        onAdd={() => void navigate(href('venueRankingAdd', { venueId, competitionId }))}
        onEdit={(row) => void navigate(href('venueRankingEdit', { venueId, competitionId, entryId: row.entry }))}
      />
    </Stack>
  );
}

/** A result for a starter of the start list that has none yet, or a correction of one. */
export function VenueRankingFormRoute() {
  const { t } = useTranslation('routes');
  const navigate = useNavigate();
  const { venueId, competitionId, entryId } = useIds();
  const editing = Number.isInteger(entryId) && entryId > 0;
  const back = () => void navigate(href('venueRanking', { venueId, competitionId }));
  return (
    <Stack maw={720}>
      <Title order={1}>{t(editing ? 'venueRankingEdit' : 'venueRankingAdd')}</Title>
      <VenueName venueId={venueId} />
      <ResultForm
        key={editing ? entryId : 'add'}
        competitionId={competitionId}
        entryId={editing ? entryId : undefined}
        onDone={back}
        onCancel={back}
      />
    </Stack>
  );
}

/** Results from the scoring software: preview with row errors, then save. */
export function VenueUploadResultsRoute() {
  const { t } = useTranslation('routes');
  const { venueId } = useIds();
  return (
    <Stack>
      <Title order={1}>{t('venueActionsUploadResults')}</Title>
      <VenueName venueId={venueId} />
      <ResultsUpload venueId={venueId} />
    </Stack>
  );
}
