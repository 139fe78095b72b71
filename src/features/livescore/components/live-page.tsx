import { Accordion, Alert, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveTransport } from '../use-live-scores';
import { useLiveScores } from '../use-live-scores';
import { ConnectionBanner } from './connection-banner';
import { CompetitionSheetView } from './competition-sheet-view';
import { CompetitionHeading, LiveBoard } from './live-board';

/**
 * The public live page of a show (/live/:venueId): no sign-in, the public's view only (start
 * lists, published rankings). It opens with the last known state kept on the device, follows the
 * pushes, and says so when the connection is lost.
 */
/**
 * While the live page is open, the document names the venue's own manifest, so that installing
 * the page installs this show's live scores (start_url /live/:venueId), not the office app.
 */
function useLiveManifest(venueId: number): void {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) return;
    const app = link.getAttribute('href');
    link.setAttribute('href', `/api/v1/venue/${venueId}/live.webmanifest`);
    return () => {
      if (app !== null) link.setAttribute('href', app);
    };
  }, [venueId]);
}

export function LivePage({ venueId, transport }: { venueId: number; transport?: LiveTransport }) {
  const { t } = useTranslation('livescore');
  useLiveManifest(venueId);
  const { state, connection, error, openSheet } = useLiveScores(venueId, { auth: false, remember: true, transport });
  const [open, setOpen] = useState<string[]>([]);
  const snapshot = state.snapshot;
  const timeZone = snapshot?.venue.timeZone;

  if (error?.code === 'not_found') {
    return (
      <Alert color="red" title={t('title')}>
        {t('notFound')}
      </Alert>
    );
  }
  return (
    <Stack gap="md" maw={720} mx="auto" w="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={0}>
          <Title order={1} size="h3">
            {snapshot?.venue.name ?? t('title')}
          </Title>
          {snapshot?.venue.city && (
            <Text size="sm" c="dimmed">
              {snapshot.venue.city}
            </Text>
          )}
        </Stack>
        {connection === 'online' && (
          <Badge color="red" variant="dot" aria-label={t('liveLabel')}>
            {t('live')}
          </Badge>
        )}
      </Group>
      <ConnectionBanner connection={connection} asOf={state.asOf} hasData={!!snapshot} />
      {!snapshot ? (
        connection !== 'offline' && <Loader aria-label={t('loading')} />
      ) : (
        <>
          <LiveBoard live={snapshot.live} timeZone={timeZone} />
          <Stack gap={4}>
            <Title order={2} size="h4">
              {t('competitions')}
            </Title>
            {snapshot.competitions.length ? (
              <Accordion
                multiple
                variant="separated"
                value={open}
                onChange={(values) => {
                  for (const v of values) if (!open.includes(v)) void openSheet(Number(v));
                  setOpen(values);
                }}
              >
                {snapshot.competitions.map((c) => (
                  <Accordion.Item key={c.id} value={String(c.id)}>
                    <Accordion.Control>
                      <CompetitionHeading competition={c} timeZone={timeZone} />
                    </Accordion.Control>
                    <Accordion.Panel>
                      {open.includes(String(c.id)) && (
                        <CompetitionSheetView sheet={state.sheets[c.id]} timeZone={timeZone} />
                      )}
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            ) : (
              <Text c="dimmed">{t('noCompetitions')}</Text>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
