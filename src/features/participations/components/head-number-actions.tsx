import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api-error';
import { confirmDialog } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { useAssignHeadNumbers } from '../api/assign-head-numbers';
import { useDeleteHeadNumbers } from '../api/delete-head-numbers';

/** Give every horse without a head number the next free one of the venue's range, or take them all back. */
export function HeadNumberActions({ venueId }: { venueId: number }) {
  const { t } = useTranslation('participants');
  const assign = useAssignHeadNumbers();
  const remove = useDeleteHeadNumbers();

  async function assignAll() {
    try {
      await assign.mutateAsync({ venueId });
      notify.success(t('headNumbers.assigned'));
    } catch (error) {
      showError(error);
    }
  }

  async function deleteAll() {
    if (!(await confirmDialog({ message: t('headNumbers.deleteConfirm') }))) return;
    try {
      await remove.mutateAsync({ venueId });
      notify.success(t('headNumbers.deleted'));
    } catch (error) {
      showError(error);
    }
  }

  return (
    <Group gap="xs">
      <Button variant="default" loading={assign.isPending} onClick={() => void assignAll()}>
        {t('headNumbers.assign')}
      </Button>
      <Button variant="default" color="red" loading={remove.isPending} onClick={() => void deleteAll()}>
        {t('headNumbers.delete')}
      </Button>
    </Group>
  );
}
