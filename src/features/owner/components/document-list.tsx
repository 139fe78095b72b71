import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { OwnerDocument } from '@shared/schemas/owner';
import { showError } from '@/lib/api-error';
import { RecordTable, type Column } from '@/lib/components/record-table';
import { formatDate } from '@/lib/format';
import { useConfirmDelete } from '@/lib/use-confirm-delete';
import { downloadDocument, useDocumentMutations, useDocuments } from '../api/documents';
import type { OwnerRef } from '../api/owner-path';

/** 1.2 MB, 350 kB, 12 B. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} kB`;
  return `${bytes} B`;
}

interface DocumentListProps {
  owner: OwnerRef;
  /** The documents of the owner's team members instead of the owner's own. */
  team?: boolean;
  addHref: string | null;
}

/** The owner's documents (or their team's): type, title, validity, file, download and delete. */
export function DocumentList({ owner, team = false, addHref }: DocumentListProps) {
  const { t } = useTranslation('owner');
  const documents = useDocuments(owner, team);
  const { remove } = useDocumentMutations(owner);
  const confirmDelete = useConfirmDelete();
  const navigate = useNavigate();
  const columns: Column<OwnerDocument>[] = [
    { label: t('document.type'), render: (row) => t(`document.types.${row.type}`) },
    { label: t('document.titleField'), render: (row) => row.title },
    ...(team ? [{ label: t('document.teamMember'), render: (row: OwnerDocument) => row.team_member?.name }] : []),
    { label: t('document.validUntil'), render: (row) => formatDate(row.valid_until) },
    { label: t('document.file'), render: (row) => row.file_name },
    { label: t('document.size'), render: (row) => fileSize(row.size) },
    {
      label: t('document.download'),
      render: (row) => (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconDownload size={14} aria-hidden />}
          aria-label={t('document.downloadNamed', { name: row.file_name })}
          onClick={() => downloadDocument(row).catch(showError)}
        >
          {t('document.download')}
        </Button>
      ),
    },
  ];
  return (
    <RecordTable
      title={team ? t('document.teamTitle') : t('document.title')}
      query={documents}
      columns={columns}
      rowKey={(row) => row.id}
      rowName={(row) => row.title || row.file_name}
      empty={t('document.empty')}
      addLabel={t('document.add')}
      onAdd={addHref ? () => void navigate(addHref) : undefined}
      onDelete={(row) => confirmDelete(() => remove.mutateAsync(row.id))}
      minWidth={760}
    />
  );
}
