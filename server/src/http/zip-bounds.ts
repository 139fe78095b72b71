import { inflateRawSync } from 'node:zlib';
import { fieldError } from '../app-error';

/*
 * A zip archive (an xlsx workbook is one) says in its central directory how large each file
 * inflates; a crafted one says little and inflates to gigabytes (a "zip bomb": 771 kB that
 * became 200 MB froze a reader for 39 s and took 1 GB). Before a library opens an archive, its
 * directory is read (APPNOTE.TXT 4.3.12, 4.3.16) and every entry is inflated once with the
 * output bounded by what is left of the budget, so neither the declared sizes nor the data can
 * take more than `maxBytes`. Refused: `file: inflates_too_much`; not a readable archive:
 * `file: invalid_file_type`.
 */

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const EOCD_SEARCH = 22 + 0xffff;

export interface ZipBounds {
  /** The most all entries may inflate to together. */
  maxBytes: number;
  /** The most entries an archive may have. */
  maxEntries: number;
}

const invalid = () => fieldError('file', 'invalid_file_type');
const tooMuch = () => fieldError('file', 'inflates_too_much');

function endRecord(bytes: Buffer): number {
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - EOCD_SEARCH); at--)
    if (bytes.readUInt32LE(at) === EOCD) return at;
  throw invalid();
}

/** Throws unless the archive inflates within the bounds; answers the inflated total. */
export function checkZipBounds(bytes: Buffer, { maxBytes, maxEntries }: ZipBounds): number {
  const end = endRecord(bytes);
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  // 0xFFFF / 0xFFFFFFFF: a Zip64 archive, for files of gigabytes; no workbook of ours needs one.
  if (count === 0xffff || at === 0xffffffff) throw tooMuch();
  if (count > maxEntries) throw tooMuch();

  const entries: { method: number; compressed: number; size: number; local: number }[] = [];
  let declared = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) throw invalid();
    const entry = {
      method: bytes.readUInt16LE(at + 10),
      compressed: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      local: bytes.readUInt32LE(at + 42),
    };
    if (entry.size === 0xffffffff || entry.compressed === 0xffffffff) throw tooMuch();
    declared += entry.size;
    if (declared > maxBytes) throw tooMuch();
    entries.push(entry);
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }

  // The declared sizes are the sender's word: inflate, never past what is left of the budget.
  let total = 0;
  for (const entry of entries) {
    const local = entry.local;
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL) throw invalid();
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + entry.compressed);
    if (data.length !== entry.compressed) throw invalid();
    if (entry.method === 0) total += data.length;
    else if (entry.method === 8) {
      try {
        total += inflateRawSync(data, { maxOutputLength: Math.max(1, maxBytes - total) }).length;
      } catch (err) {
        if (err instanceof RangeError) throw tooMuch();
        throw invalid();
      }
    } else throw invalid();
    if (total > maxBytes) throw tooMuch();
  }
  return total;
}
