import {
  Alert,
  Box,
  Card,
  EmptyState,
  Group,
  NativeSelect,
  Pagination,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import { PARTY_TYPES, type PartyType } from '@shared/ledger';
import { errorText } from '@/lib/api-error';
import {
  BALANCE_STATUSES,
  NO_BALANCE_FILTERS,
  useBalanceOverview,
  type BalanceStatus,
} from '../api/get-balance-overview';
import { useVenueDetail } from '../api/get-venue-detail';
import { currencyLabel } from '../currency-label';
import { FILTER_DEBOUNCE_MS } from '@/lib/debounce';
import { useListFilters } from '@/lib/use-list-filters';
import { BalanceTotals } from './balance-totals';
import { PartyBalancesTable } from './party-balances-table';
import { VatTable } from './vat-table';

/** A venue's balances: totals, VAT per rate, and every party with its balance. */
export function BalanceOverview({ venueId }: { venueId: number }) {
  const { t } = useTranslation('ledger');
  const { page, setPage, filters, filter } = useListFilters(NO_BALANCE_FILTERS);
  const [search, setSearch] = useState('');
  const applySearch = useDebouncedCallback(
    (text: string) => filter({ search: text.trim() || null }),
    FILTER_DEBOUNCE_MS,
  );
  const overview = useBalanceOverview(venueId, filters, page);
  const venue = useVenueDetail(venueId);
  const data = overview.data;
  const currency = venue.data ? currencyLabel(venue.data) : (data?.venue.currency ?? '');
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / DEFAULT_PAGE_SIZE));

  if (overview.isError) return <Alert color="red">{errorText(overview.error)}</Alert>;
  if (!data) return <Skeleton height={240} aria-label={t('loading')} />;
  return (
    <Stack>
      <Card withBorder component="section" aria-labelledby="balance-totals-title">
        <Stack>
          <Title order={2} size="h4" id="balance-totals-title">
            {t('balances.totalsTitle', { venue: data.venue.name })}
          </Title>
          <BalanceTotals totals={data.totals} currency={currency} />
        </Stack>
      </Card>
      <Card withBorder component="section" aria-labelledby="vat-title">
        <Stack>
          <Title order={2} size="h4" id="vat-title">
            {t('vat.title')}
          </Title>
          <VatTable vat={data.vat} currency={currency} />
        </Stack>
      </Card>
      <Card withBorder component="section" aria-labelledby="parties-title">
        <Stack>
          <Title order={2} size="h4" id="parties-title">
            {t('parties.title')}
          </Title>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('filters.search')}
              type="search"
              value={search}
              maxLength={100}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                applySearch(event.currentTarget.value);
              }}
              w={{ base: '100%', xs: 220 }}
            />
            <NativeSelect
              label={t('filters.partyType')}
              data={[
                { value: '', label: t('filters.any') },
                ...PARTY_TYPES.map((type) => ({ value: type, label: t(`partyType.${type}`) })),
              ]}
              value={filters.party_type ?? ''}
              onChange={(event) => filter({ party_type: (event.currentTarget.value || null) as PartyType | null })}
              w={{ base: '100%', xs: 170 }}
            />
            <NativeSelect
              label={t('filters.status')}
              data={BALANCE_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
              value={filters.status}
              onChange={(event) => filter({ status: event.currentTarget.value as BalanceStatus })}
              w={{ base: '100%', xs: 170 }}
            />
          </Group>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('parties.count', { count: data.count })}
          </Text>
          {data.results.length === 0 ? (
            <EmptyState title={t('parties.empty')} size="sm" />
          ) : (
            <PartyBalancesTable rows={data.results} currency={currency} />
          )}
          {pages > 1 && (
            <Box component="nav" aria-label={t('list.pages')}>
              <Pagination value={Math.min(page, pages)} onChange={setPage} total={pages} />
            </Box>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
