import { Alert, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Competition } from '@shared/schemas/venue-setup';
import { errorText } from '@/lib/api-error';
import { useCompetition } from '../api/get-competition';
import { CompetitionForm } from './competition-form';

interface CompetitionEditorProps {
  venueId: number;
  competitionId: number;
  onSaved(competition: Competition): void;
}

/** The edit form of a stored competition, once it is loaded. */
export function CompetitionEditor({ venueId, competitionId, onSaved }: CompetitionEditorProps) {
  const { t } = useTranslation('venueSetup');
  const competition = useCompetition(competitionId);
  if (competition.isPending) return <Skeleton height={320} aria-label={t('competitions.loading')} />;
  if (competition.isError) return <Alert color="red">{errorText(competition.error)}</Alert>;
  return <CompetitionForm venueId={venueId} competition={competition.data} onSaved={onSaved} />;
}
