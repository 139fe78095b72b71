import { Badge, Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VenueDetail } from '@shared/schemas/venue-setup';
import { errorText } from '@/lib/api-error';
import { formatAmount } from '@/lib/format';
import { useConsumables } from '../api/list-consumables';

/** One venue's price list, filtered by article name, in the venue's currency. */
export function PriceListColumn({ venue, filter }: { venue: VenueDetail; filter: string }) {
  const { t } = useTranslation('bulk');
  const { t: tSetup } = useTranslation('venueSetup');
  const consumables = useConsumables(venue.id);
  const wanted = filter.trim().toLocaleLowerCase();
  const rows = (consumables.data?.results ?? []).filter((c) => c.name.toLocaleLowerCase().includes(wanted));
  const titleId = `price-list-${venue.id}`;
  return (
    <Card withBorder component="section" aria-labelledby={titleId} padding="sm">
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {venue.name}
        </Title>
        <Text size="xs" c="dimmed">
          {venue.currency}
        </Text>
        {consumables.isPending && <Skeleton height={80} aria-label={t('priceLists.loading')} />}
        {consumables.isError && <Text c="red.8">{errorText(consumables.error)}</Text>}
        {consumables.data && rows.length === 0 && (
          <Text c="dimmed" size="sm">
            {consumables.data.count === 0 ? t('priceLists.empty') : t('priceLists.noMatch')}
          </Text>
        )}
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={300}>
            <Table striped verticalSpacing={4} aria-labelledby={titleId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('priceLists.columns.name')}</Table.Th>
                  <Table.Th>{t('priceLists.columns.unit')}</Table.Th>
                  <Table.Th>{t('priceLists.columns.category')}</Table.Th>
                  <Table.Th ta="right">{t('priceLists.columns.price')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((c) => (
                  <Table.Tr key={c.id} c={c.active ? undefined : 'dimmed'}>
                    <Table.Td>
                      {c.name}{' '}
                      {!c.active && (
                        <Badge size="xs" color="gray.7" variant="light">
                          {t('priceLists.inactive')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{c.unit}</Table.Td>
                    <Table.Td>{tSetup(`category.${c.category}`)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatAmount(c.unit_price, venue)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
