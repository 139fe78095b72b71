import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  title?: string;
  /** Defaults to "Are you sure?". */
  message?: string;
  onResolve(confirmed: boolean): void;
}

export function ConfirmDialog({ title, message, onResolve }: ConfirmDialogProps) {
  const { t } = useTranslation('shell');
  return (
    <Modal
      opened
      onClose={() => onResolve(false)}
      title={title ?? t('confirm.title')}
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
      centered
    >
      <Stack>
        <Text>{message ?? t('confirm.message')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onResolve(false)}>
            {t('dialog.cancel')}
          </Button>
          <Button onClick={() => onResolve(true)} data-autofocus>
            {t('confirm.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
