import { Alert, Skeleton, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isOfflineError } from '@/lib/api-error';

interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  /** The skeleton's height while loading. */
  height?: number;
  children(data: T): ReactNode;
}

/** A quiet line where data needs the server and the device is offline (not an error). */
export function OfflineNote() {
  const { t } = useTranslation('common');
  return (
    <Text size="sm" c="dimmed">
      {t('offlineNote')}
    </Text>
  );
}

/**
 * A query's states: a skeleton while it loads, a quiet note while it waits for the network
 * (offline), its error in red, else `children(data)`.
 */
export function QueryView<T>({ query, height = 160, children }: QueryViewProps<T>) {
  const { t } = useTranslation('common');
  if (query.isPending && query.fetchStatus === 'paused') return <OfflineNote />;
  if (query.isPending) return <Skeleton height={height} aria-label={t('table.loading')} />;
  if (query.isError && isOfflineError(query.error)) return <OfflineNote />;
  if (query.isError) return <Alert color="red">{errorText(query.error)}</Alert>;
  return children(query.data);
}
