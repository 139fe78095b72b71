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

// crc32_combine (zlib): the CRC of A‖B from crc(A), crc(B) and |B|, by squaring the operator
// that appends one zero bit, in GF(2).
const times = (matrix: Uint32Array, vector: number): number => {
  let sum = 0;
  for (let i = 0; vector !== 0; i++, vector >>>= 1) if (vector & 1) sum ^= matrix[i]!;
  return sum >>> 0;
};

const square = (into: Uint32Array, matrix: Uint32Array): void => {
  for (let n = 0; n < 32; n++) into[n] = times(matrix, matrix[n]!);
};

export function crc32Combine(crc1: number, crc2: number, length2: number): number {
  if (length2 <= 0) return crc1 >>> 0;
  const even = new Uint32Array(32);
  const odd = new Uint32Array(32);
  odd[0] = 0xedb88320; // the CRC-32 polynomial, reflected
  for (let n = 1, row = 1; n < 32; n++, row = (row << 1) >>> 0) odd[n] = row;
  square(even, odd); // two zero bits
  square(odd, even); // four
  let crc = crc1 >>> 0;
  let rest = length2;
  // The first squaring gives one zero byte (eight bits), then two, four, …
  for (;;) {
    square(even, odd);
    if (rest % 2) crc = times(even, crc);
    rest = Math.floor(rest / 2);
    if (rest === 0) break;
    square(odd, even);
    if (rest % 2) crc = times(odd, crc);
    rest = Math.floor(rest / 2);
    if (rest === 0) break;
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
