import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LiveCompetition, LiveNow } from '@shared/schemas/livescore';
import { formatClock } from '../format-result';
import { StarterTable } from './starter-table';

export function CompetitionHeading({ competition, timeZone }: { competition: LiveCompetition; timeZone?: string }) {
  const { t, i18n } = useTranslation('livescore');
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="wrap">
        <Text fw={700}>
          {competition.number} · {competition.name}
        </Text>
        {!competition.published && (
          <Badge color="gray" variant="light" size="sm">
            {t('notPublishedBadge')}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {[
          competition.startsAt && formatClock(competition.startsAt, i18n.language, timeZone),
          competition.arena,
          t('progress', { results: competition.results, entries: competition.entries }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </Stack>
  );
}

/** What is running now, who starts next, the latest results. */
export function LiveBoard({ live, timeZone }: { live: LiveNow; timeZone?: string }) {
  const { t } = useTranslation('livescore');
  return (
    <Stack gap="md">
      <Card withBorder padding="sm">
        <Title order={2} size="h4" mb={4}>
          {t('now')}
        </Title>
        {live.current ? (
          <CompetitionHeading competition={live.current} timeZone={timeZone} />
        ) : (
          <Text c="dimmed">{t('noneRunning')}</Text>
        )}
      </Card>
      <Stack gap={4}>
        <Title order={2} size="h4">
          {t('next')}
        </Title>
        {live.nextStarters.length ? (
          <StarterTable rows={live.nextStarters} mode="next" timeZone={timeZone} caption={t('next')} />
        ) : (
          <Text c="dimmed">{t('noneNext')}</Text>
        )}
      </Stack>
      <Stack gap={4}>
        <Title order={2} size="h4">
          {t('latest')}
        </Title>
        {live.latestResults.length ? (
          <StarterTable rows={live.latestResults} mode="latest" timeZone={timeZone} caption={t('latest')} />
        ) : (
          <Text c="dimmed">{t('noneLatest')}</Text>
        )}
      </Stack>
    </Stack>
  );
}
