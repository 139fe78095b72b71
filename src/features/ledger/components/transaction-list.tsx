import { Alert, Anchor, Box, Button, Card, EmptyState, Group, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import type { Transaction } from '@shared/schemas/ledger';
import { errorText } from '@/lib/api-error';
import { href } from '@/lib/paths';
import { useVenueDetail } from '../api/get-venue-detail';
import { NO_TRANSACTION_FILTERS, useTransactions, type TransactionScope } from '../api/list-transactions';
import { currencyLabel } from '../currency-label';
import { useListFilters } from '@/lib/use-list-filters';
import { TransactionActions } from './transaction-actions';
import { TransactionFilters } from './transaction-filters';
import { TransactionModal } from './transaction-modal';
import { TransactionsTable } from './transactions-table';

interface TransactionListProps {
  scope: TransactionScope;
  /** 'page': new and edit are pages of their own (admin); 'modal': they open over the list (organizer). */
  mode: 'page' | 'modal';
}

/** A venue's entries, 100 a page, with filters, totals, and new / edit / reverse. */
export function TransactionList({ scope, mode }: TransactionListProps) {
  const { t } = useTranslation('ledger');
  const { page, setPage, filters, filter } = useListFilters(NO_TRANSACTION_FILTERS);
  const [editing, setEditing] = useState<Transaction | 'new' | null>(null);
  const venue = useVenueDetail(scope.venue);
  const list = useTransactions(scope, filters, page);
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / DEFAULT_PAGE_SIZE));
  const currency = venue.data ? currencyLabel(venue.data) : (list.data?.results[0]?.currency ?? '');
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_TRANSACTION_FILTERS);
  const newButton = { leftSection: <IconPlus size={16} aria-hidden /> };

  return (
    <Card withBorder component="section" aria-label={t('list.label')}>
      <Stack>
        <Group justify="space-between" align="flex-end">
          <Group align="flex-end" gap="sm">
            <TransactionFilters value={filters} onChange={filter} partyType={!scope.party_type} />
          </Group>
          {mode === 'page' ? (
            <Button
              component={Link}
              to={href('venueTransactionNew', { venueId: scope.venue }, { party_type: scope.party_type })}
              {...newButton}
            >
              {t('list.new')}
            </Button>
          ) : (
            <Button onClick={() => setEditing('new')} {...newButton}>
              {t('list.new')}
            </Button>
          )}
        </Group>
        {scope.party_id !== undefined && mode === 'page' && (
          <Alert color="blue" variant="light">
            {t('list.oneParty')}{' '}
            <Anchor
              component={Link}
              to={
                scope.party_type === 'official'
                  ? href('venueOfficialTransactions', { venueId: scope.venue })
                  : href('venueTransactions', { venueId: scope.venue })
              }
            >
              {t('list.showAll')}
            </Anchor>
          </Alert>
        )}
        {list.isPending && <Skeleton height={160} aria-label={t('loading')} />}
        {list.isError && <Alert color="red">{errorText(list.error)}</Alert>}
        {list.data?.results.length === 0 && (
          <EmptyState title={filtered ? t('list.emptyFiltered') : t('list.empty')} size="sm" />
        )}
        {list.data && list.data.results.length > 0 && (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('list.count', { count: list.data.count })}
            </Text>
            <TransactionsTable
              page={list.data}
              currency={currency}
              actions={(entry) => <TransactionActions entry={entry} mode={mode} onEdit={() => setEditing(entry)} />}
            />
          </>
        )}
        {pages > 1 && (
          <Box component="nav" aria-label={t('list.pages')}>
            <Pagination value={Math.min(page, pages)} onChange={setPage} total={pages} />
          </Box>
        )}
      </Stack>
      {editing && (
        <TransactionModal
          venueId={scope.venue}
          transaction={editing === 'new' ? undefined : editing}
          partyType={scope.party_type}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
