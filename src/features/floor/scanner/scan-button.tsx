import { Button, Divider, Modal, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { parseQrCode } from '@shared/qr';
import { href } from '@/lib/paths';
import { CameraScanner } from '@/lib/components/camera-scanner';
import { ManualCode } from './manual-code';

/** Scan a rider's or groom's code (or type it) and open the stable's page for it. */
export function ScanButton() {
  const { t } = useTranslation('floor');
  const [opened, { open, close }] = useDisclosure(false);
  // The dialog mounts at its first opening, not with the button: a closed Modal still mounts its
  // portal, which renders again at once, on every screen that shows the button (a scan's screen).
  const [used, setUsed] = useState(false);
  if (opened && !used) setUsed(true);
  const navigate = useNavigate();
  const openCode = (text: string) => {
    close();
    // A text that is no code still opens the page, which refuses it with a clear message.
    void navigate(href('stableQr', { code: parseQrCode(text)?.code ?? text.trim() }));
  };
  return (
    <>
      <Button size="md" onClick={open}>
        {t('scan.button')}
      </Button>
      {used && (
        <Modal opened={opened} onClose={close} title={t('scan.title')} size="lg">
          <Stack>
            {opened && <CameraScanner onDecode={openCode} />}
            <Divider label={t('scan.or')} />
            <ManualCode onCode={openCode} />
          </Stack>
        </Modal>
      )}
    </>
  );
}
