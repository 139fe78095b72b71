import { Alert, Card, Group, Pagination, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import { errorText } from '@/lib/api-error';
import { formatDateRange } from '@/lib/format';
import { useVenueList } from '../api/list-venues';
import { venuePlace } from '../venue-place';

/** Every venue, for admins. */
export function VenueList() {
  const { t } = useTranslation('venues');
  const [page, setPage] = useState(1);
  const venues = useVenueList(page);
  const pages = Math.max(1, Math.ceil((venues.data?.count ?? 0) / DEFAULT_PAGE_SIZE));

  return (
    <Card withBorder component="section" aria-labelledby="venue-list-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id="venue-list-title">
            {t('list.title')}
          </Title>
          {venues.data && (
            <Text size="sm" c="dimmed">
              {t('list.count', { count: venues.data.count })}
            </Text>
          )}
        </Group>
        {venues.isPending && <Skeleton height={96} aria-label={t('list.loading')} />}
        {venues.isError && <Alert color="red">{errorText(venues.error)}</Alert>}
        {venues.data?.count === 0 && <Text c="dimmed">{t('list.empty')}</Text>}
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
                    <Table.Td>{venue.name}</Table.Td>
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
        {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} aria-label={t('list.pages')} />}
      </Stack>
    </Card>
  );
}
