import { Button, FileInput, Group, Modal, Stack } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptFromFilter, matchesFileFilter } from '@/lib/file-filter';

export interface FileUploadDialogProps {
  title?: string;
  /** File name filter such as `*.xml` or `*.csv; *.xlsx`. */
  filter?: string;
  onConfirm(file: File): void;
  onCancel(): void;
}

/** Choose one file; Confirm upload stays disabled until a matching file is chosen (spec §5). */
export function FileUploadDialog({ title, filter, onConfirm, onCancel }: FileUploadDialogProps) {
  const { t } = useTranslation('shell');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  function choose(next: File | null) {
    if (next && filter && !matchesFileFilter(next.name, filter)) {
      setFile(null);
      setError(t('upload.filterMismatch', { name: next.name, filter }));
      return;
    }
    setError(null);
    setFile(next);
  }

  return (
    <Modal
      opened
      onClose={onCancel}
      title={title ?? t('upload.title')}
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
      centered
    >
      <Stack>
        <FileInput
          label={t('upload.file')}
          description={filter ? t('upload.filter', { filter }) : undefined}
          placeholder={t('upload.placeholder')}
          leftSection={<IconUpload size={16} aria-hidden />}
          accept={acceptFromFilter(filter)}
          value={file}
          onChange={choose}
          error={error}
          clearable
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('dialog.cancel')}
          </Button>
          <Button disabled={!file} onClick={() => file && onConfirm(file)}>
            {t('upload.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
