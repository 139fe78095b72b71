import { Modal, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { VenueName } from '@/features/ledger/components/venue-name';
import { RankingView } from '@/features/results/components/ranking-view';
import { RankingsList } from '@/features/results/components/rankings-list';
import { ResultForm } from '@/features/results/components/result-form';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';

/** The competitions of the show office's venue with their results and publication. */
export function OrganizerRankingsRoute() {
  const { t } = useTranslation('routes');
  const navigate = useNavigate();
  const venueId = useAppStore((state) => state.user?.assigned_venue ?? null);
  return (
    <Stack>
      <Title order={1}>{t('organizerRankings')}</Title>
      {venueId !== null && (
        <>
          <VenueName venueId={venueId} />
          <RankingsList
            venueId={venueId}
            onOpen={(c) => void navigate(href('organizerRanking', { competitionId: c.id }))}
          />
        </>
      )}
    </Stack>
  );
}

/** One competition's ranking; results are entered and corrected in a dialog on the page. */
export function OrganizerRankingRoute() {
  const { t } = useTranslation('routes');
  const competitionId = Number(useParams().competitionId);
  const venueId = useAppStore((state) => state.user?.assigned_venue ?? null);
  // null: closed; 0: a new result; an entry id: that entry's result.
  const [editing, setEditing] = useState<number | null>(null);
  const close = () => setEditing(null);
  return (
    <Stack>
      <Title order={1}>{t('organizerRanking')}</Title>
      {venueId !== null && <VenueName venueId={venueId} />}
      <RankingView competitionId={competitionId} onAdd={() => setEditing(0)} onEdit={(row) => setEditing(row.entry)} />
      <Modal
        opened={editing !== null}
        onClose={close}
        title={t(editing ? 'venueRankingEdit' : 'venueRankingAdd')}
        size="lg"
      >
        {editing !== null && (
          <ResultForm
            key={editing}
            competitionId={competitionId}
            entryId={editing || undefined}
            onDone={close}
            onCancel={close}
          />
        )}
      </Modal>
    </Stack>
  );
}
