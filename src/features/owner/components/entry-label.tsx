import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Transaction } from '@shared/schemas/ledger';

type Entry = Pick<Transaction, 'description' | 'category' | 'kind'>;

/** What an entry is, in the reader's language: its kind and category (never their raw values). */
export function useEntryKind(): (row: Entry) => string {
  const { t } = useTranslation('owner');
  return (row) => `${t(`money.kind.${row.kind}`)} · ${t(`money.category.${row.category}`)}`;
}

/** The entry's description as the office or shop wrote it, else its kind and category translated. */
export function useEntryDescription(): (row: Entry) => string {
  const kindOf = useEntryKind();
  return (row) => row.description.trim() || kindOf(row);
}

/** An entry's description with its translated kind and category under it. */
export function EntryLabel({ row }: { row: Entry }) {
  const kindOf = useEntryKind();
  const description = row.description.trim();
  return (
    <>
      <Text component="span" inherit style={{ display: 'block', overflowWrap: 'anywhere' }}>
        {description || kindOf(row)}
      </Text>
      {description && (
        <Text component="span" size="xs" c="dimmed" style={{ display: 'block' }}>
          {kindOf(row)}
        </Text>
      )}
    </>
  );
}
