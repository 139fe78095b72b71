import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import i18next from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiErrorBody } from '@shared/errors';
import { dismissAttention, type AttentionDetail } from '@/offline/status';
import { apiErrorMessage } from '@/lib/api-error';
import { formatDateTime, formatMoney } from '@/lib/format';
import { mapFieldErrors } from '@/lib/form-errors';
import { useAppStore } from '@/lib/store';

/** A field of a floor write by its label ("Quantity"), never its wire name ("unit_price"). */
function fieldLabel(name: string): string {
  const key = `floor:attention.field.${name.split('.')[0]}`;
  return i18next.exists(key) ? i18next.t(key) : i18next.t('floor:attention.field.other');
}

/** The server's reason for refusing a write, with its field messages, in the user's language. */
export function refusalReason(error: unknown): string {
  const fields = isApiErrorBody(error) && error.fields ? mapFieldErrors(error.fields, () => true) : null;
  const details = fields
    ? [...Object.entries(fields.fields).map(([name, text]) => `${fieldLabel(name)}: ${text}`), ...fields.form]
    : [];
  return [apiErrorMessage(error), ...details].join(' ');
}

/** What the write was: entity, person, item, amount, when it was made (and by whom, if not you). */
function Summary({ item }: { item: AttentionDetail }) {
  const { t } = useTranslation('floor');
  const me = useAppStore((state) => state.user?.id ?? null);
  const what = [
    t(`entity.${item.entity}`),
    item.person,
    item.item,
    item.amount !== null && item.currency ? formatMoney(item.amount, item.currency) : null,
    formatDateTime(item.madeAt),
  ].filter((part): part is string => typeof part === 'string' && part !== '');
  return (
    <>
      <Text size="sm" fw={600}>
        {what.join(' · ')}
      </Text>
      {item.user !== me && (
        <Text size="sm" c="dimmed">
          {t('attention.madeBy', { name: item.userName ?? t('status.someoneElse', { id: item.user }) })}
        </Text>
      )}
    </>
  );
}

/**
 * Writes the server refused: they left the queue; staff read what they were and why, and dismiss
 * them. `items`: the venue's (useAttention), read by the frame's state.
 */
export function AttentionList({ items }: { items: AttentionDetail[] }) {
  const { t } = useTranslation('floor');
  const headingId = useId();
  if (!items.length) return null;
  return (
    <Card withBorder component="section" aria-labelledby={headingId} bg="var(--mantine-color-red-light)">
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {t('attention.title')}
        </Title>
        <Text size="sm">{t('attention.intro')}</Text>
        {items.map((item) => (
          <Alert key={item.key} color="red" variant="outline">
            {/* Wraps on a phone (360 px): the button goes under the text, never cut off. */}
            <Group justify="space-between" align="flex-start" gap="xs">
              <Stack gap={2} style={{ flex: '1 1 12rem', minWidth: 0 }}>
                <Summary item={item} />
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {refusalReason(item.error)}
                </Text>
              </Stack>
              <Button
                size="xs"
                variant="default"
                style={{ flexShrink: 0 }}
                onClick={() => void dismissAttention(item.key)}
                aria-label={t('attention.dismissNamed', { what: t(`entity.${item.entity}`) })}
              >
                {t('attention.dismiss')}
              </Button>
            </Group>
          </Alert>
        ))}
      </Stack>
    </Card>
  );
}
