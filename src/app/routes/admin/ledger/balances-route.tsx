import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { BalanceOverview } from '@/features/ledger/components/balance-overview';
import { VenuePicker } from '@/features/ledger/components/venue-picker';
import { idParam } from '@/features/ledger/search-params';
import { href } from '@/lib/paths';

/** One venue's balances (`?venue=`), chosen here when none is given. */
export function BalancesRoute() {
  const { t } = useTranslation(['routes', 'ledger']);
  const [search, setSearch] = useSearchParams();
  const venue = idParam(search.get('venue')) ?? null;
  return (
    <Stack>
      <Title order={1}>{t('routes:balances')}</Title>
      <Group justify="space-between" align="flex-end">
        <VenuePicker value={venue} onChange={(next) => setSearch(next === null ? {} : { venue: String(next) })} />
        <Group gap="md">
          <Anchor component={Link} to={href('balancesSummary')}>
            {t('routes:balancesSummary')}
          </Anchor>
          <Anchor component={Link} to={href('findClient')}>
            {t('routes:findClient')}
          </Anchor>
        </Group>
      </Group>
      {venue === null ? (
        <Text c="dimmed">{t('ledger:balances.choose')}</Text>
      ) : (
        <BalanceOverview key={venue} venueId={venue} />
      )}
    </Stack>
  );
}
