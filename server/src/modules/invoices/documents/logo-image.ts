import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { crc32, deflateSync, inflateSync } from 'node:zlib';

/**
 * The venue's logo as pdfmake takes it (a data URL), prepared once per logo rather than once per
 * invoice. pdfkit embeds a JPEG or a plain PNG as it is, but decodes a PNG with an alpha channel
 * (most logos) in every document to split the alpha off: about 20 ms for a 600×200 logo, as long
 * as the rest of the invoice. Such a PNG is flattened onto white paper once (what printing it
 * does anyway) and kept as a plain RGB PNG.
 */

interface PngDecoder {
  width: number;
  height: number;
  bits: number;
  colorType: number;
  interlaceMethod: number;
  transparency: { indexed?: number[] };
  imgData: Uint8Array;
  decode(done: (rgba: Buffer) => void): void;
}

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
const MAX_LOGOS = 32;
const prepared = new Map<string, Promise<string | null>>();

let PNG: (new (data: Buffer) => PngDecoder) | undefined;
/** png-js, as pdfkit (pdfmake's) loads it. */
function pngDecoder(): new (data: Buffer) => PngDecoder {
  if (!PNG) {
    const pdfmakeMain = createRequire(import.meta.url).resolve('pdfmake');
    const pdfkitMain = createRequire(pdfmakeMain).resolve('pdfkit');
    PNG = createRequire(pdfkitMain)('png-js') as new (data: Buffer) => PngDecoder;
  }
  return PNG;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** RGBA pixels composed over white, as an 8-bit RGB PNG. */
function flatPng(width: number, height: number, rgba: Buffer): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 4;
      const alpha = rgba[from + 3]!;
      for (let c = 0; c < 3; c++) {
        rows[row + 1 + x * 3 + c] = Math.round((rgba[from + c]! * alpha + 255 * (255 - alpha)) / 255);
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function prepare(contentType: string, data: Buffer): Promise<string | null> {
  const isPng = data.subarray(0, 8).equals(PNG_SIGNATURE);
  if (isPng) {
    let png: PngDecoder;
    try {
      png = new (pngDecoder())(data);
      // png-js inflates in a callback and throws there: a broken image would crash the thread.
      inflateSync(png.imgData);
    } catch {
      return null;
    }
    const alpha = png.colorType === 4 || png.colorType === 6 || Boolean(png.transparency.indexed);
    if (png.bits <= 8 && (alpha || png.interlaceMethod === 1)) {
      const rgba = await new Promise<Buffer>((resolve) => png.decode(resolve));
      return `data:image/png;base64,${flatPng(png.width, png.height, rgba).toString('base64')}`;
    }
  }
  return `data:${isPng ? 'image/png' : contentType};base64,${data.toString('base64')}`;
}

/** The logo as a data URL for pdfmake (null: not a readable image), prepared once per logo. */
export function logoDataUrl(logo: { contentType: string; data: Buffer }): Promise<string | null> {
  const key = createHash('sha1').update(logo.data).digest('base64');
  let url = prepared.get(key);
  if (!url) {
    if (prepared.size >= MAX_LOGOS) prepared.clear();
    url = prepare(logo.contentType, logo.data);
    prepared.set(key, url);
  }
  return url;
}
