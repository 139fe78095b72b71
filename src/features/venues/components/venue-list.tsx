import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorText } from '@/lib/api-error';
import { ListPages, ListSearch, usePagedSearch } from '@/lib/components/paged-search';
import { formatDateRange } from '@/lib/format';
import { href } from '@/lib/paths';
import { useVenueList } from '../api/list-venues';
import { venuePlace } from '../venue-place';

/** Every venue, for admins: searched on the server, 100 a page, each linking to its configuration. */
export function VenueList() {
  const { t } = useTranslation('venues');
  const { page, setPage, search, setSearch, debounced: debouncedSearch } = usePagedSearch();
  const venues = useVenueList(page, debouncedSearch);

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
        <ListSearch
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          value={search}
          onChange={setSearch}
          count={venues.data && t('list.count', { count: venues.data.count })}
        />
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
        <ListPages label={t('list.pages')} page={page} count={venues.data?.count} onChange={setPage} />
      </Stack>
    </Card>
  );
}
