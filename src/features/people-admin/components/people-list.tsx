import { Group, Pagination, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import type { OwnerType } from '@shared/schemas/owner';
import type { PersonSummary } from '@shared/schemas/participation';
import { RecordTable } from '@/lib/components/record-table';
import { FILTER_DEBOUNCE_MS } from '@/lib/debounce';
import { href } from '@/lib/paths';
import { usePeople } from '../api/search-people';
import { KIND_PAGES, profileHref } from '../kinds';

/** The admin's list of one kind of person, with a search; a row opens the person's profile. */
export function PeopleList({ kind }: { kind: OwnerType }) {
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search.trim(), FILTER_DEBOUNCE_MS);
  const people = usePeople(kind, debounced, page);
  const pages = Math.ceil((people.data?.count ?? 0) / DEFAULT_PAGE_SIZE);
  return (
    <Stack>
      <TextInput
        label={t('admin.search')}
        description={t('admin.searchHint')}
        type="search"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={400}
      />
      <RecordTable<PersonSummary>
        title={t(`admin.kinds.${kind}`)}
        query={people}
        columns={[
          { label: t('admin.name'), render: (person) => person.name },
          { label: t('admin.email'), render: (person) => person.email ?? '—' },
          { label: t('admin.feiId'), render: (person) => person.fei_id ?? '—' },
        ]}
        rowKey={(person) => person.id}
        rowName={(person) => person.name}
        empty={t('admin.empty')}
        addLabel={t(`admin.add.${kind}`)}
        onAdd={() => navigate(href(KIND_PAGES[kind].add))}
        onView={(person) => navigate(profileHref(kind, person.id))}
        minWidth={480}
      />
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
