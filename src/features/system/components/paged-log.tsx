import { Alert, Box, Button, Card, EmptyState, Group, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import { errorText } from '@/lib/api-error';

interface PagedLogProps {
  /** The accessible name of the section. */
  label: string;
  query: UseQueryResult<{ count: number; results: unknown[] }>;
  filters: ReactNode;
  /** Some filter is set: the empty state says so. */
  filtered: boolean;
  empty: string;
  emptyFiltered: string;
  page: number;
  onPage(page: number): void;
  /** The table of the current page. */
  children: ReactNode;
}

/** The frame both logs share: filters, total, refresh, loading/error/empty states and pages. */
export function PagedLog({
  label,
  query,
  filters,
  filtered,
  empty,
  emptyFiltered,
  page,
  onPage,
  children,
}: PagedLogProps) {
  const { t } = useTranslation('system');
  const pages = Math.max(1, Math.ceil((query.data?.count ?? 0) / DEFAULT_PAGE_SIZE));
  return (
    <Card withBorder component="section" aria-label={label}>
      <Stack>
        <Group justify="space-between" align="flex-end">
          <Group align="flex-end">{filters}</Group>
          <Group>
            {query.data && (
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('table.count', { count: query.data.count })}
              </Text>
            )}
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              loading={query.isFetching}
              onClick={() => void query.refetch()}
            >
              {t('table.refresh')}
            </Button>
          </Group>
        </Group>
        {query.isPending && <Skeleton height={120} aria-label={t('table.loading')} />}
        {query.isError && <Alert color="red">{errorText(query.error)}</Alert>}
        {query.data?.results.length === 0 && <EmptyState title={filtered ? emptyFiltered : empty} size="sm" />}
        {query.data && query.data.results.length > 0 && children}
        {pages > 1 && (
          <Box component="nav" aria-label={t('table.pages')}>
            <Pagination value={Math.min(page, pages)} onChange={onPage} total={pages} />
          </Box>
        )}
      </Stack>
    </Card>
  );
}
