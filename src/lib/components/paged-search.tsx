import { Box, Group, Pagination, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import { SEARCH_DEBOUNCE_MS } from '@/lib/debounce';

/**
 * A list searched on the server, 100 a page: the page, the search as typed and as sent (once
 * typing pauses). A new search goes back to page 1.
 */
export function usePagedSearch() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const changeSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };
  return { page, setPage, search, setSearch: changeSearch, debounced };
}

interface ListSearchProps {
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  /** How many there are (e.g. "12 venues"), once known; announced as it changes. */
  count?: string | null;
}

/** The search field above a list, with the list's count beside it. */
export function ListSearch({ label, placeholder, value, onChange, count }: ListSearchProps) {
  return (
    <Group justify="space-between" align="flex-end">
      <TextInput
        type="search"
        label={label}
        placeholder={placeholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        w={{ base: '100%', xs: 320 }}
      />
      {count != null && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {count}
        </Text>
      )}
    </Group>
  );
}

interface ListPagesProps {
  /** The navigation's name. */
  label: string;
  page: number;
  /** How many records there are (undefined while loading); no pages below 101. */
  count: number | undefined;
  onChange(page: number): void;
}

/** A list's pages, 100 records each; nothing when there is one page only. */
export function ListPages({ label, page, count, onChange }: ListPagesProps) {
  const pages = Math.max(1, Math.ceil((count ?? 0) / DEFAULT_PAGE_SIZE));
  if (pages <= 1) return null;
  return (
    <Box component="nav" aria-label={label}>
      <Pagination value={Math.min(page, pages)} onChange={onChange} total={pages} />
    </Box>
  );
}
