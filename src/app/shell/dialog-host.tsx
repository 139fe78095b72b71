import { lazy, Suspense } from 'react';
import { closeDialog, useDialogStore, type Dialog } from '@/lib/dialogs';
import { loadChunk } from '../lazy-route';

// Dialogs are rare: their code loads on first use.
const ConfirmDialog = lazy(() =>
  loadChunk(() => import('./dialogs/confirm-dialog')).then((m) => ({ default: m.ConfirmDialog })),
);
const FileUploadDialog = lazy(() =>
  loadChunk(() => import('./dialogs/file-upload-dialog')).then((m) => ({ default: m.FileUploadDialog })),
);
const LogDialog = lazy(() => loadChunk(() => import('./dialogs/log-dialog')).then((m) => ({ default: m.LogDialog })));

function DialogView({ dialog }: { dialog: Dialog }) {
  switch (dialog.kind) {
    case 'confirm':
      return (
        <ConfirmDialog
          title={dialog.title}
          message={dialog.message}
          onResolve={(confirmed) => {
            closeDialog(dialog.id);
            dialog.resolve(confirmed);
          }}
        />
      );
    case 'upload':
      return (
        <FileUploadDialog
          title={dialog.title}
          filter={dialog.filter}
          onConfirm={(file) => {
            closeDialog(dialog.id);
            dialog.resolve(file);
          }}
          onCancel={() => {
            closeDialog(dialog.id);
            dialog.resolve(null);
          }}
        />
      );
    case 'log':
      return <LogDialog title={dialog.title} lines={dialog.lines} onClose={() => closeDialog(dialog.id)} />;
  }
}

/** Renders the dialogs opened through lib/dialogs. */
export function DialogHost() {
  const dialogs = useDialogStore((state) => state.dialogs);
  return (
    <Suspense fallback={null}>
      {dialogs.map((dialog) => (
        <DialogView key={dialog.id} dialog={dialog} />
      ))}
    </Suspense>
  );
}
