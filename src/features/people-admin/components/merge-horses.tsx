import { Alert, Button, Card, Group, Radio, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorText, showError } from '@/lib/api-error';
import { confirmDialog } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { href } from '@/lib/paths';
import { useDuplicates, type DuplicateGroup } from '../api/list-duplicates';
import { useMergeHorses } from '../api/merge-horse';

type DuplicateHorse = DuplicateGroup['horses'][number];

function HorseCard({ horse }: { horse: DuplicateHorse }) {
  const { t } = useTranslation('people');
  const rows: [string, string | number | null][] = [
    [t('horses.feiId'), horse.fei_id],
    [t('horses.nationalId'), horse.national_id],
    [t('horses.birthYear'), horse.birth_year],
    [t('horses.sex'), horse.sex && t(`horses.sexes.${horse.sex}`, { defaultValue: horse.sex })],
    [t('horses.colour'), horse.colour],
    [t('horses.breed'), horse.breed],
    [t('duplicates.riders'), horse.riders],
    [t('duplicates.participations'), horse.participations],
  ];
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Radio value={String(horse.id)} label={t('duplicates.keep', { name: horse.name, id: horse.id })} />
        <Table variant="vertical">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th>{label}</Table.Th>
                <Table.Td>{value ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}

/** A horse and its duplicates side by side: the admin keeps one, the others are merged into it. */
export function MergeHorses({ horseId }: { horseId: number }) {
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const duplicates = useDuplicates();
  const merge = useMergeHorses();
  const [keep, setKeep] = useState<string | null>(null);
  if (duplicates.isPending) return <Skeleton height={200} aria-label={t('common:table.loading')} />;
  if (duplicates.isError) return <Alert color="red">{errorText(duplicates.error)}</Alert>;
  const group = duplicates.data.results.find((row) => row.horses.some((horse) => horse.id === horseId));
  if (!group) return <Alert color="yellow">{t('duplicates.noGroup')}</Alert>;
  const kept = group.horses.find((horse) => String(horse.id) === keep);

  async function submit() {
    if (!kept || !group) return;
    const merged = group.horses.filter((horse) => horse.id !== kept.id);
    const message = t('duplicates.confirm', { names: merged.map((horse) => horse.name).join(', '), name: kept.name });
    if (!(await confirmDialog({ title: t('duplicates.confirmTitle'), message }))) return;
    try {
      await merge.mutateAsync({ merged: merged.map((horse) => horse.id), into: kept.id });
      notify.success(t('duplicates.merged'));
      navigate(href('duplicateHorses'));
    } catch (error) {
      showError(error);
    }
  }

  return (
    <Stack>
      <Text>{t('duplicates.choose')}</Text>
      <Radio.Group value={keep} onChange={setKeep} label={t('duplicates.keepLabel')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: Math.min(group.horses.length, 3) }} mt="xs">
          {group.horses.map((horse) => (
            <HorseCard key={horse.id} horse={horse} />
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => navigate(href('duplicateHorses'))}>
          {t('common:form.cancel')}
        </Button>
        <Button disabled={!kept} loading={merge.isPending} onClick={() => void submit()}>
          {t('duplicates.merge')}
        </Button>
      </Group>
    </Stack>
  );
}
