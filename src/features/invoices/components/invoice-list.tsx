import { Anchor, Box, Card, Group, Pagination, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import type { InvoicePage } from '@shared/schemas/invoices';
import { RecordTable } from '@/lib/components/record-table';
import { formatDate, formatMoney } from '@/lib/format';
import type { InvoiceFilters as Filters } from '../api/list-invoices';
import { InvoiceStateBadges } from './invoice-badges';
import { InvoiceFilters } from './invoice-filters';
import { InvoiceTotals } from './invoice-totals';

interface InvoiceListProps {
  list: UseQueryResult<InvoicePage>;
  filters: Filters;
  onFilter(change: Partial<Filters>): void;
  page: number;
  onPage(page: number): void;
  invoiceHref(id: number): string;
}

/** The venue's invoices and credit notes, 100 a page, with filters and the totals of the whole list. */
export function InvoiceList({ list, filters, onFilter, page, onPage, invoiceHref }: InvoiceListProps) {
  const { t } = useTranslation('invoices');
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / DEFAULT_PAGE_SIZE));
  const currency = list.data?.results[0]?.currency ?? '';
  const filtered = filters.kind !== null || filters.status !== null || filters.search !== null;

  return (
    <Stack>
      <Card withBorder component="section" aria-label={t('filters.label')}>
        <Group align="flex-end" gap="sm">
          <InvoiceFilters value={filters} onChange={onFilter} />
        </Group>
      </Card>
      <RecordTable
        title={t('list.title')}
        query={list}
        minWidth={760}
        columns={[
          {
            label: t('field.number'),
            render: (row) => (
              <Anchor component={Link} to={invoiceHref(row.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {row.number}
              </Anchor>
            ),
          },
          { label: t('field.kind'), render: (row) => t(`kind.${row.kind}`) },
          {
            label: t('field.party'),
            render: (row) => (
              <Stack gap={0}>
                <Text size="sm" inherit>
                  {row.party.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`partyType.${row.party.type}`)}
                </Text>
              </Stack>
            ),
          },
          { label: t('field.issueDate'), render: (row) => formatDate(row.issue_date) },
          {
            label: t('field.gross'),
            render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.gross, row.currency)}</span>,
          },
          { label: t('field.status'), render: (row) => <InvoiceStateBadges invoice={row} /> },
        ]}
        rowKey={(row) => row.id}
        rowName={(row) => row.number}
        empty={filtered ? t('list.emptyFiltered') : t('list.empty')}
      />
      {list.data && list.data.results.length > 0 && (
        <InvoiceTotals count={list.data.count} totals={list.data.totals} currency={currency} />
      )}
      {pages > 1 && (
        <Box component="nav" aria-label={t('list.pages')}>
          <Pagination value={Math.min(page, pages)} onChange={onPage} total={pages} />
        </Box>
      )}
    </Stack>
  );
}
