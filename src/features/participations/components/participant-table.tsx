import { Anchor, Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatMoney } from '@/lib/format';
import type { VenueParticipation } from '@shared/schemas/participation';
import { href } from '@/lib/paths';
import { useDeleteParticipation } from '../api/delete-participation';
import { useConfirmDelete } from '@/lib/use-confirm-delete';

interface ParticipantTableProps {
  participations: VenueParticipation[];
  currency: string;
  showTransactions: boolean;
  /** Where a rider's name leads; plain text without it. */
  riderHref?: (participation: VenueParticipation) => string;
}

/** One row per rider: payer, horses with head numbers, events, balance, actions. */
export function ParticipantTable({ participations, currency, showTransactions, riderHref }: ParticipantTableProps) {
  const { t } = useTranslation('participants');
  const remove = useDeleteParticipation();
  const confirmDelete = useConfirmDelete();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.rider')}</Table.Th>
            <Table.Th>{t('list.payer')}</Table.Th>
            <Table.Th>{t('list.horses')}</Table.Th>
            <Table.Th>{t('list.events')}</Table.Th>
            <Table.Th ta="right">{t('list.balance')}</Table.Th>
            <Table.Th>{t('list.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {participations.map((participation) => (
            <Table.Tr key={participation.id}>
              <Table.Td>
                {riderHref ? (
                  <Anchor component={Link} to={riderHref(participation)} fw={600} size="sm">
                    {participation.rider.name}
                  </Anchor>
                ) : (
                  <Text fw={600} size="sm">
                    {participation.rider.name}
                  </Text>
                )}
                {participation.rider.fei_id && (
                  <Text size="xs" c="dimmed">
                    {t('list.feiId', { feiId: participation.rider.fei_id })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Text size="sm">{participation.payer.name}</Text>
                  {participation.payer.type === 'employer' && (
                    <Badge size="xs" variant="light">
                      {t('list.employer')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  {participation.horses.map((entry) => (
                    <Group key={entry.id} gap={6} wrap="nowrap">
                      <Text size="sm">{entry.horse.name}</Text>
                      {entry.head_number === null ? (
                        <Text size="xs" c="dimmed">
                          {t('list.noHeadNumber')}
                        </Text>
                      ) : (
                        <Badge variant="outline" size="sm">
                          <VisuallyHidden>{t('list.headNumber')} </VisuallyHidden>
                          {entry.head_number}
                        </Badge>
                      )}
                    </Group>
                  ))}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{[...new Set(participation.events.map((event) => event.name))].join(', ')}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" c={participation.balance < 0 ? 'red.9' : undefined} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(participation.balance, currency)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {showTransactions && (
                    <Anchor
                      component={Link}
                      size="sm"
                      to={href('venueRiderTransactions', {
                        venueId: participation.venue,
                        riderId: participation.rider.id,
                      })}
                      aria-label={t('list.transactionsOf', { name: participation.rider.name })}
                    >
                      {t('list.transactions')}
                    </Anchor>
                  )}
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    aria-label={t('list.withdrawNamed', { name: participation.rider.name })}
                    onClick={() => confirmDelete(() => remove.mutateAsync(participation))}
                  >
                    {t('list.withdraw')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
