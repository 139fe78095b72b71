import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, deflatePart, gzipOf } from '../../server/src/modules/floor/gzip-parts';

/* A gzip stream of parts compressed apart (the floor log's segments between rows compressed now). */

describe('gzip of parts', () => {
  it('combines CRC-32s as the CRC of the whole', () => {
    for (const [a, b] of [
      [0, 0],
      [1, 1],
      [7, 100_000],
      [65_536, 3],
      [12_345, 54_321],
    ] as const) {
      const first = randomBytes(a);
      const second = randomBytes(b);
      expect(crc32Combine(crc32(first), crc32(second), second.length)).toBe(crc32(Buffer.concat([first, second])));
    }
  });

  it('is one valid gzip stream of everything in order, empty parts too, whatever their levels', () => {
    const parts = [
      Buffer.from('{"entity":"riders","rows":[{"id":1}]}\n'.repeat(2000)),
      Buffer.alloc(0),
      randomBytes(10_000),
      Buffer.from('{"entity":"riders","rows":[{"id":2}]}\n'),
    ];
    const head = Buffer.from('{"protocol":1}\n');
    const tail = Buffer.from('{"end":true,"cursor":9}\n');
    const zipped = gzipOf(
      head,
      parts.map((part, i) => deflatePart(part, i % 2 ? 1 : 6)),
      tail,
    );
    expect(gunzipSync(zipped)).toEqual(Buffer.concat([head, ...parts, tail]));
    expect(zipped.length).toBeLessThan(head.length + parts[0]!.length / 10 + parts[2]!.length + 200);
  });
});
