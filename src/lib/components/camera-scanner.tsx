import { Alert, Box, Loader, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type CameraState = 'starting' | 'running' | 'failed';

/**
 * The camera view (the stable's and the merchant's scanners): html5-qrcode (loaded only when a camera is opened) decodes QR codes from the
 * back camera; the first decoded text goes to `onDecode`. The camera stops when this unmounts.
 */
export function CameraScanner({ onDecode }: { onDecode(text: string): void }) {
  const { t } = useTranslation('common');
  const elementId = `qr-camera-${useId().replace(/[^\w-]/g, '')}`;
  const [state, setState] = useState<CameraState>('starting');
  const latest = useRef(onDecode);
  useEffect(() => {
    latest.current = onDecode;
  });

  useEffect(() => {
    let closed = false;
    let decoded = false;
    let stop: (() => Promise<void>) | null = null;
    void (async () => {
      try {
        const { Html5Qrcode, Html5QrcodeSupportedFormats } = await import('html5-qrcode');
        if (closed) return;
        const scanner = new Html5Qrcode(elementId, {
          verbose: false,
          formatsToSupport: [Html5QrcodeSupportedFormats.QR_CODE],
        });
        stop = async () => {
          await scanner.stop();
          scanner.clear();
        };
        await scanner.start(
          { facingMode: 'environment' },
          {
            fps: 10,
            qrbox: (width, height) => ({ width: Math.min(width, height) * 0.8, height: Math.min(width, height) * 0.8 }),
          },
          (text) => {
            if (closed || decoded) return;
            decoded = true;
            latest.current(text);
          },
          () => undefined,
        );
        if (closed) await stop();
        else setState('running');
      } catch (error) {
        console.warn('QR camera unavailable', error);
        if (!closed) setState('failed');
      }
    })();
    return () => {
      closed = true;
      stop?.().catch(() => undefined);
    };
  }, [elementId]);

  return (
    <Box>
      {state === 'starting' && <Loader size="sm" role="status" aria-label={t('camera.starting')} />}
      {state === 'failed' && (
        <Alert color="orange" role="status">
          {t('camera.failed')}
        </Alert>
      )}
      {state === 'running' && (
        <Text size="sm" c="dimmed">
          {t('camera.aim')}
        </Text>
      )}
      <Box id={elementId} w="100%" maw={420} style={{ display: state === 'failed' ? 'none' : undefined }} />
    </Box>
  );
}
