import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckinAction } from '@shared/schemas/floor';

/** In or out as of the latest event, or "not yet" without one. Dark shades: AA contrast of small text. */
export function StateBadge({
  latest,
  words,
}: {
  latest: { action: CheckinAction } | null;
  words: 'checkin' | 'signin';
}) {
  const { t } = useTranslation('floor');
  if (!latest)
    return (
      <Badge color="gray.7" variant="outline">
        {t(`${words}.never`)}
      </Badge>
    );
  return latest.action === 'in' ? (
    <Badge color="teal.9">{t(`${words}.in`)}</Badge>
  ) : (
    <Badge color="gray.7">{t(`${words}.out`)}</Badge>
  );
}

/** This device's write not yet on the server, or one the server refused. */
export function SyncMark({ row }: { row: { pending?: 1; rejected?: 1 } }) {
  const { t } = useTranslation('floor');
  if (row.rejected) return <Badge color="red.9">{t('mark.rejected')}</Badge>;
  if (row.pending) return <Badge color="blue.9">{t('mark.pending')}</Badge>;
  return null;
}

/** How many rows a list shows at first and adds with "Show more". */
export const LIST_PAGE = 100;
