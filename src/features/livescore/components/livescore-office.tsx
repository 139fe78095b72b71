import { Anchor, Badge, Grid, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { href } from '@/lib/paths';
import { useLiveVenues } from '../api/get-venues';
import { useLiveScores } from '../use-live-scores';
import { ConnectionBanner } from './connection-banner';
import { CompetitionSheetView } from './competition-sheet-view';
import { CompetitionHeading, LiveBoard } from './live-board';

/** One venue as the office sees it: what runs now, next starters, latest results, the running ranking. */
function OfficeBoard({ venueId }: { venueId: number }) {
  const { t } = useTranslation('livescore');
  const { state, connection, openSheet } = useLiveScores(venueId, { auth: true, remember: false });
  const snapshot = state.snapshot;
  const current = snapshot?.live.current ?? null;
  const currentId = current?.id;
  useEffect(() => {
    if (currentId !== undefined) void openSheet(currentId);
  }, [currentId, openSheet]);
  if (!snapshot)
    return connection === 'offline' ? (
      <ConnectionBanner connection={connection} asOf={null} hasData={false} />
    ) : (
      <Loader aria-label={t('loading')} />
    );
  const timeZone = snapshot.venue.timeZone;
  return (
    <Stack>
      <Group gap="xs">
        {connection === 'online' && (
          <Badge color="red" variant="dot">
            {t('live')}
          </Badge>
        )}
      </Group>
      <ConnectionBanner connection={connection} asOf={state.asOf} hasData />
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <LiveBoard live={snapshot.live} timeZone={timeZone} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap={4}>
            <Title order={2} size="h4">
              {t('ranking')}
            </Title>
            {current ? (
              <>
                <CompetitionHeading competition={current} timeZone={timeZone} />
                <CompetitionSheetView sheet={state.sheets[current.id]} timeZone={timeZone} />
              </>
            ) : (
              <Text c="dimmed">{t('noneRunning')}</Text>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The admin's live scores (/livescore): choose a venue, then follow it live (unpublished results too). */
export function LivescoreOffice() {
  const { t } = useTranslation('livescore');
  const venues = useLiveVenues(true);
  const [search, setSearch] = useSearchParams();
  const chosen = Number(search.get('venue')) || null;
  return (
    <Stack>
      <Select
        label={t('chooseVenue')}
        placeholder={t('chooseVenuePlaceholder')}
        searchable
        maw={420}
        data={(venues.data ?? []).map((v) => ({ value: String(v.id), label: v.name }))}
        value={chosen ? String(chosen) : null}
        onChange={(value) => setSearch(value ? { venue: value } : {}, { replace: true })}
        nothingFoundMessage={t('noVenues')}
      />
      {chosen && (
        <Anchor href={href('live', { venueId: chosen })} target="_blank" rel="noopener">
          {t('publicPage')}
        </Anchor>
      )}
      {chosen && <OfficeBoard key={chosen} venueId={chosen} />}
    </Stack>
  );
}
