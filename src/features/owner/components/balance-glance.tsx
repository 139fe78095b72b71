import { Alert, Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatMoney } from '@/lib/format';
import { errorText } from '@/lib/api-error';
import { useOwnerShows } from '../api/money';
import type { OwnerRef } from '../api/owner-path';

/** How many venues the glance lists before "All balances". */
const GLANCE_ROWS = 5;

/** The owner's balance per venue at a glance (overviews), with a link to the balance page. */
export function BalanceGlance({ owner, balanceHref }: { owner: OwnerRef; balanceHref: string }) {
  const { t } = useTranslation(['owner', 'common']);
  const titleId = useId();
  const balance = useOwnerShows(owner, 'balance');
  const rows = balance.data?.results ?? [];
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {t('money.glance')}
        </Title>
        {balance.isPending && <Skeleton height={48} aria-label={t('common:table.loading')} />}
        {balance.isError && <Alert color="red">{errorText(balance.error)}</Alert>}
        {balance.data && rows.length === 0 && <Text c="dimmed">{t('money.noBalance')}</Text>}
        {rows.slice(0, GLANCE_ROWS).map((row) => (
          <Group key={row.venue} justify="space-between" wrap="nowrap">
            <Text truncate>{row.venue_name}</Text>
            <Text fw={600} c={row.balance_minor < 0 ? 'red.9' : undefined} style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(row.balance_minor, row.currency)}
            </Text>
          </Group>
        ))}
        <Anchor component={Link} to={balanceHref}>
          {t('money.allBalances')}
        </Anchor>
      </Stack>
    </Card>
  );
}
