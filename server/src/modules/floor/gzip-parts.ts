import { Buffer } from 'node:buffer';
import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A gzip stream (RFC 1952) put together from parts compressed apart: each part is a raw
 * deflate stream ended by a full flush (byte-aligned, no final block, no reference to what came
 * before), so parts compressed once can be sent again and again after any others, as pigz
 * compresses in parallel; the last part ends the stream. The trailer's CRC-32 of the whole is
 * combined from the parts' own (zlib's crc32_combine), so no part is read again.
 */

export interface Deflated {
  /** Raw deflate, full-flushed (or finished, for the last part). */
  data: Buffer;
  /** CRC-32 and length of what it holds uncompressed. */
  crc: number;
  length: number;
}

/** `raw` compressed as a part that others may follow. */
export function deflatePart(raw: Buffer, level = 1): Deflated {
  return {
    data: deflateRawSync(raw, { level, finishFlush: constants.Z_FULL_FLUSH }),
    crc: crc32(raw),
    length: raw.length,
  };
}

/** `raw` compressed as the stream's last part. */
function lastPart(raw: Buffer): Deflated {
  return { data: deflateRawSync(raw, { level: 1 }), crc: crc32(raw), length: raw.length };
}

// crc32_combine (zlib): the CRC of A‖B from crc(A), crc(B) and |B|: crc(A) run through |B|
// zero bytes (a linear operator in GF(2)), xor crc(B). The operators for 2^k zero bytes are
// squared once, here, so a combination is a few matrix-vector products.
const times = (matrix: Uint32Array, vector: number): number => {
  let sum = 0;
  for (let i = 0; vector !== 0; i++, vector >>>= 1) if (vector & 1) sum ^= matrix[i]!;
  return sum >>> 0;
};

const squared = (matrix: Uint32Array): Uint32Array => matrix.map((column) => times(matrix, column));

/** ZEROS[k]: the operator that appends 2^k zero bytes to a CRC's message. */
const ZEROS: Uint32Array[] = (() => {
  let bit: Uint32Array = new Uint32Array(32);
  bit[0] = 0xedb88320; // one zero bit: the CRC-32 polynomial, reflected
  for (let n = 1; n < 32; n++) bit[n] = (1 << (n - 1)) >>> 0;
  for (let i = 0; i < 3; i++) bit = squared(bit); // eight bits: one byte
  const operators: Uint32Array[] = [bit];
  for (let k = 1; k < 53; k++) operators.push(squared(operators[k - 1]!));
  return operators;
})();

export function crc32Combine(crc1: number, crc2: number, length2: number): number {
  let crc = crc1 >>> 0;
  for (let k = 0, rest = length2; rest > 0; k++, rest = Math.floor(rest / 2)) {
    if (rest % 2) crc = times(ZEROS[k]!, crc);
  }
  return (crc ^ crc2) >>> 0;
}

const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** One gzip stream: `first` (compressed now), the compressed `parts`, then `last` (compressed now). */
export function gzipOf(first: Buffer, parts: readonly Deflated[], last: Buffer): Buffer {
  const opening = deflatePart(first);
  const all = [opening, ...parts, lastPart(last)];
  let crc = opening.crc;
  let length = opening.length;
  for (const part of all.slice(1)) {
    crc = crc32Combine(crc, part.crc, part.length);
    length += part.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([HEADER, ...all.map((part) => part.data), trailer]);
}
