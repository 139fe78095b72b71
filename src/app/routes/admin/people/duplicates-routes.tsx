import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { DuplicateGroups } from '@/features/people-admin/components/duplicate-groups';
import { MergeHorses } from '@/features/people-admin/components/merge-horses';

export function DuplicateHorsesRoute() {
  const { t } = useTranslation('routes');
  return (
    <Stack>
      <Title order={1}>{t('duplicateHorses')}</Title>
      <DuplicateGroups />
    </Stack>
  );
}

/** edit/:id: the horse :id and its duplicates, to merge. */
export function DuplicateHorseEditRoute() {
  const { t } = useTranslation('routes');
  const horseId = Number(useParams().id);
  return (
    <Stack>
      <Title order={1}>{t('duplicateHorseEdit')}</Title>
      <MergeHorses horseId={horseId} />
    </Stack>
  );
}
