import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QueryView } from '@/lib/components/query-view';
import { formatDateTime } from '@/lib/format';
import { useStartlistOverview } from '../api/get-startlist-overview';

/** The venue's competitions by event with their entry counts, each linking to its start list. */
export function StartlistOverviewView({
  venueId,
  competitionHref,
}: {
  venueId: number;
  competitionHref(competitionId: number): string;
}) {
  const { t } = useTranslation('startlists');
  const query = useStartlistOverview(venueId);
  return (
    <QueryView query={query}>
      {(overview) =>
        overview.events.length === 0 ? (
          <Text c="dimmed">{t('noEvents')}</Text>
        ) : (
          <Stack>
            {overview.events.map((event) => (
              <Stack key={event.id} gap="xs">
                <Title order={2}>{event.name}</Title>
                {event.competitions.length === 0 && <Text c="dimmed">{t('noCompetitions')}</Text>}
                {event.competitions.map((c) => (
                  <Paper key={c.id} withBorder p="sm">
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Anchor component={Link} to={competitionHref(c.id)} fw={600}>
                          {c.number} · {c.name}
                        </Anchor>
                        <Text size="sm" c="dimmed">
                          {[formatDateTime(c.starts_at), c.arena].filter(Boolean).join(' · ')}
                        </Text>
                      </Stack>
                      <Group gap={6}>
                        <Badge variant="light">{t('entriesCount', { count: c.entries })}</Badge>
                        {c.withdrawn > 0 && (
                          <Badge variant="light" color="gray">
                            {t('withdrawnCount', { count: c.withdrawn })}
                          </Badge>
                        )}
                        <Badge variant="light" color={c.drawn_at ? 'green' : 'yellow'}>
                          {c.drawn_at ? t('drawnBadge') : t('notDrawnBadge')}
                        </Badge>
                      </Group>
                    </Group>
                  </Paper>
                ))}
              </Stack>
            ))}
          </Stack>
        )
      }
    </QueryView>
  );
}
