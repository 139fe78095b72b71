import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isApiErrorBody } from '@shared/errors';
import { ApiError, showError } from '@/lib/api-error';
import { confirmDialog } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { href } from '@/lib/paths';
import { useAssignHeadNumbers } from '../api/assign-head-numbers';
import { useDeleteHeadNumbers } from '../api/delete-head-numbers';

/** The server's answer when the venue has no head-number range, or none of it is left. */
function isNoRange(error: unknown): boolean {
  if (!(error instanceof ApiError) || !isApiErrorBody(error.body)) return false;
  const fields = error.body.fields;
  const all = fields && !Array.isArray(fields) ? fields.__all__ : fields;
  return Array.isArray(all) && (all as unknown[]).includes('no_head_number_range');
}

/** Give every horse without a head number the next free one of the venue's range, or take them all back. */
export function HeadNumberActions({ venueId }: { venueId: number }) {
  const { t } = useTranslation('participants');
  const assign = useAssignHeadNumbers();
  const remove = useDeleteHeadNumbers();
  // Said on the page with the way to the range, not as a bare "correct the errors below".
  const [noRange, setNoRange] = useState(false);

  async function assignAll() {
    setNoRange(false);
    try {
      await assign.mutateAsync({ venueId });
      notify.success(t('headNumbers.assigned'));
    } catch (error) {
      if (isNoRange(error)) setNoRange(true);
      else showError(error);
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
    <Stack gap="xs">
      <Group gap="xs">
        <Button variant="default" loading={assign.isPending} onClick={() => void assignAll()}>
          {t('headNumbers.assign')}
        </Button>
        <Button variant="default" color="red" loading={remove.isPending} onClick={() => void deleteAll()}>
          {t('headNumbers.delete')}
        </Button>
      </Group>
      {noRange && (
        <Alert color="orange" role="alert" title={t('headNumbers.noRangeTitle')}>
          <Text size="sm">{t('headNumbers.noRange')}</Text>
          <Anchor component={Link} to={href('venueOther', { venueId })} size="sm">
            {t('headNumbers.setRange')}
          </Anchor>
        </Alert>
      )}
    </Stack>
  );
}
