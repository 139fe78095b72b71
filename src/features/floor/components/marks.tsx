import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckinAction } from '@shared/schemas/floor';

/**
 * Floor chips never clip their words ("NICHT KONTROLLIE…" at 360 px): a long label
 * wraps inside the chip instead of ending in an ellipsis; the chip stays within its container.
 */
export const CHIP_STYLES: BadgeProps['styles'] = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%', flexShrink: 0 },
  label: {
    whiteSpace: 'normal',
    overflow: 'visible',
    textOverflow: 'clip',
    overflowWrap: 'anywhere',
    lineHeight: 1.25,
  },
};

/** A floor chip: a Badge with CHIP_STYLES. */
export function Chip(props: BadgeProps & { children?: ReactNode }) {
  return <Badge styles={CHIP_STYLES} {...props} />;
}

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
      <Chip color="gray.7" variant="outline">
        {t(`${words}.never`)}
      </Chip>
    );
  return latest.action === 'in' ? (
    <Chip color="teal.9">{t(`${words}.in`)}</Chip>
  ) : (
    <Chip color="gray.7">{t(`${words}.out`)}</Chip>
  );
}

/** This device's write not yet on the server, or one the server refused. */
export function SyncMark({ row }: { row: { pending?: 1; rejected?: 1 } }) {
  const { t } = useTranslation('floor');
  if (row.rejected) return <Chip color="red.9">{t('mark.rejected')}</Chip>;
  if (row.pending) return <Chip color="blue.9">{t('mark.pending')}</Chip>;
  return null;
}

/** How many rows a list shows at first and adds with "Show more". */
export const LIST_PAGE = 100;
