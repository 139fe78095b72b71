import { Alert, Skeleton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-error';

interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  /** The skeleton's height while loading. */
  height?: number;
  children(data: T): ReactNode;
}

/** A query's three states: a skeleton while it loads, its error in red, else `children(data)`. */
export function QueryView<T>({ query, height = 160, children }: QueryViewProps<T>) {
  const { t } = useTranslation('common');
  if (query.isPending) return <Skeleton height={height} aria-label={t('table.loading')} />;
  if (query.isError) return <Alert color="red">{errorText(query.error)}</Alert>;
  return children(query.data);
}
