import { Alert, Button, Group, Skeleton, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonSummary } from '@shared/schemas/participation';
import { errorText, showError } from '@/lib/api-error';
import { SectionCard } from '@/lib/components/section-card';
import { notify } from '@/lib/notify';
import { useConfirmDelete } from '@/lib/use-confirm-delete';
import { useAddVenueMerchant } from '../api/add-venue-merchant';
import { useVenueMerchants } from '../api/list-venue-merchants';
import { useRemoveVenueMerchant } from '../api/remove-venue-merchant';
import { PersonSelect } from './person-select';

/**
 * The merchants registered at the show: only they sell there (to the show's people) and are paid
 * out their takings there. The show office adds one by name and removes one whose balance is settled.
 */
export function VenueMerchantsCard({ venueId }: { venueId: number }) {
  const { t } = useTranslation('participants');
  const merchants = useVenueMerchants(venueId);
  const add = useAddVenueMerchant();
  const remove = useRemoveVenueMerchant();
  const confirmDelete = useConfirmDelete();
  const [chosen, setChosen] = useState<PersonSummary | null>(null);
  const [selectKey, setSelectKey] = useState(0);

  const register = async () => {
    if (!chosen) return;
    try {
      await add.mutateAsync({ venueId, merchant: chosen.id });
      notify.success(t('merchants.added', { name: chosen.name }));
      setChosen(null);
      setSelectKey((key) => key + 1);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <SectionCard title={t('merchants.title')}>
      <Text size="sm" c="dimmed">
        {t('merchants.hint')}
      </Text>
      {merchants.isPending && <Skeleton height={60} aria-label={t('list.loading')} />}
      {merchants.isError && <Alert color="red">{errorText(merchants.error)}</Alert>}
      {merchants.data?.results.length === 0 && <Text c="dimmed">{t('merchants.empty')}</Text>}
      {merchants.data && merchants.data.results.length > 0 && (
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('merchants.merchant')}</Table.Th>
              <Table.Th>{t('merchants.email')}</Table.Th>
              <Table.Th>{t('list.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {merchants.data.results.map((merchant) => (
              <Table.Tr key={merchant.id}>
                <Table.Td>{merchant.name}</Table.Td>
                <Table.Td>{merchant.email ?? ''}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    aria-label={t('merchants.removeNamed', { name: merchant.name })}
                    onClick={() => confirmDelete(() => remove.mutateAsync({ venueId, merchant: merchant.id }))}
                  >
                    {t('merchants.remove')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group align="flex-end">
        <PersonSelect
          key={selectKey}
          kind="merchant"
          label={t('merchants.merchant')}
          value={chosen?.id ?? null}
          onChange={setChosen}
        />
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={!chosen}
          loading={add.isPending}
          onClick={() => void register()}
        >
          {t('merchants.add')}
        </Button>
      </Group>
    </SectionCard>
  );
}
