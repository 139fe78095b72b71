import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

/**
 * A video of a real QR code for Chromium's fake camera (`--use-file-for-fake-video-capture`):
 * YUV4MPEG2, 4:2:0, a few identical frames (Chromium loops the file), the code black on white
 * with its quiet zone, centred.
 */
export function writeQrVideo(file: string, text: string, width = 640, height = 480, frames = 10): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const quiet = 4;
  const scale = Math.floor(Math.min(width, height) / (size + 2 * quiet));
  const side = scale * (size + 2 * quiet);
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);

  const luma = Buffer.alloc(width * height, 235); // white
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!qr.modules.get(y, x)) continue;
      const px = left + (x + quiet) * scale;
      const py = top + (y + quiet) * scale;
      for (let dy = 0; dy < scale; dy++) luma.fill(16, (py + dy) * width + px, (py + dy) * width + px + scale);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128); // no colour
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
