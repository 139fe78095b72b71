import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import { errorText } from '@/lib/api-error';
import { formatDateRange } from '@/lib/format';
import { href } from '@/lib/paths';
import { useVenueList } from '../api/list-venues';
import { SEARCH_DEBOUNCE_MS } from '@/lib/debounce';
import { venuePlace } from '../venue-place';

/** Every venue, for admins: searched on the server, 100 a page, each linking to its configuration. */
export function VenueList() {
  const { t } = useTranslation('venues');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const venues = useVenueList(page, debouncedSearch);
  const pages = Math.max(1, Math.ceil((venues.data?.count ?? 0) / DEFAULT_PAGE_SIZE));

  return (
    <Card withBorder component="section" aria-labelledby="venue-list-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id="venue-list-title">
            {t('list.title')}
          </Title>
          <Button component={Link} to={href('adminVenueAdd')} leftSection={<IconPlus size={16} aria-hidden />}>
            {t('list.add')}
          </Button>
        </Group>
        <Group justify="space-between" align="flex-end">
          <TextInput
            type="search"
            label={t('list.search')}
            placeholder={t('list.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', xs: 320 }}
          />
          {venues.data && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('list.count', { count: venues.data.count })}
            </Text>
          )}
        </Group>
        {venues.isPending && <Skeleton height={96} aria-label={t('list.loading')} />}
        {venues.isError && <Alert color="red">{errorText(venues.error)}</Alert>}
        {venues.data?.count === 0 && <Text c="dimmed">{debouncedSearch ? t('list.noMatch') : t('list.empty')}</Text>}
        {venues.data && venues.data.results.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('list.name')}</Table.Th>
                  <Table.Th>{t('list.feiId')}</Table.Th>
                  <Table.Th>{t('list.place')}</Table.Th>
                  <Table.Th>{t('list.dates')}</Table.Th>
                  <Table.Th>{t('list.currency')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {venues.data.results.map((venue) => (
                  <Table.Tr key={venue.id}>
                    <Table.Td>
                      <Anchor component={Link} to={href('venueConfig', { venueId: venue.id })} fw={600}>
                        {venue.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{venue.fei_id}</Table.Td>
                    <Table.Td>{venuePlace(venue)}</Table.Td>
                    <Table.Td>{formatDateRange(venue.start_date, venue.end_date)}</Table.Td>
                    <Table.Td>{venue.currency}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 && (
          <Box component="nav" aria-label={t('list.pages')}>
            <Pagination value={Math.min(page, pages)} onChange={setPage} total={pages} />
          </Box>
        )}
      </Stack>
    </Card>
  );
}
