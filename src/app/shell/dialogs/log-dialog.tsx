import { Button, Code, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface LogDialogProps {
  title: string;
  lines: string[];
  onClose(): void;
}

/** A read-only list of log lines, kept up to date by whoever opened it (e.g. sync progress). */
export function LogDialog({ title, lines, onClose }: LogDialogProps) {
  const { t } = useTranslation('shell');
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
      centered
    >
      <Stack>
        {lines.length === 0 ? (
          <Text c="dimmed">{t('log.empty')}</Text>
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Code block aria-live="polite">
              {lines.join('\n')}
            </Code>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('dialog.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
