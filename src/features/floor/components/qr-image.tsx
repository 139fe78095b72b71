import { Box, Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

/** A QR image of `text` (drawn as SVG by the qrcode package, loaded only when an image is shown). */
export function QrImage({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const [svg, setSvg] = useState<{ text: string; markup: string } | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((markup) => {
        if (current) setSvg({ text, markup });
      })
      .catch((error: unknown) => console.warn('QR image failed', error));
    return () => {
      current = false;
    };
  }, [text]);
  if (svg?.text !== text) return <Skeleton w={size} h={size} />;
  return (
    <Box
      component="img"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.markup)}`}
      alt={label}
      w={size}
      h={size}
      bg="white"
    />
  );
}
