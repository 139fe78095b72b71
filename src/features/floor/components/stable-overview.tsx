import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLinks } from '@/lib/components/page-links';
import { formatMoney } from '@/lib/format';
import { useSyncInfo, useTodayCharges } from '@/offline/queries';
import { ScanButton } from '../scanner/scan-button';
import { useFloorVenue, useVenueLabel } from '../use-floor-venue';

/** The stable's start: today's charges at the venue (this device's pending ones included) and the way in. */
export function StableOverview() {
  const { t } = useTranslation('floor');
  const venue = useFloorVenue();
  const label = useVenueLabel(useSyncInfo(venue));
  const today = useTodayCharges(venue);
  const headingId = useId();
  return (
    <Stack>
      <Card withBorder component="section" aria-labelledby={headingId}>
        <Stack gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {t('stable.today', { venue: label.name })}
          </Title>
          <SimpleGrid cols={2}>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {t('stable.charges')}
              </Text>
              <Text size="xl" fw={700}>
                {today?.count ?? '–'}
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {t('stable.sum')}
              </Text>
              <Text size="xl" fw={700}>
                {today ? formatMoney(today.sum, label.currency) : '–'}
              </Text>
            </Stack>
          </SimpleGrid>
        </Stack>
      </Card>
      <PageLinks ns="floor" title="stable.work" pages={['stableAddTransaction', 'stableTransactions']}>
        <Group>
          <ScanButton />
        </Group>
      </PageLinks>
    </Stack>
  );
}
