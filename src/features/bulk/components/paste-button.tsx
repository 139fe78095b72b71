import { Button } from '@mantine/core';
import { IconClipboardText } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkKindId } from '../kinds';

// The dialog, its parser and its schemas load on the first click, not with the page.
const PasteDialog = lazy(() => import('./paste-dialog').then((m) => ({ default: m.PasteDialog })));

/** "Paste …" opening the paste dialog of one kind for one venue. */
export function PasteButton({ kind, venueId }: { kind: BulkKindId; venueId: number }) {
  const { t } = useTranslation('bulk');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconClipboardText size={16} aria-hidden />} onClick={() => setOpen(true)}>
        {t(`${kind}.button`)}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <PasteDialog kind={kind} venueId={venueId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
