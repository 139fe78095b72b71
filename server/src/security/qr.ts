import { createHmac, timingSafeEqual } from 'node:crypto';
import { formatQrCode, parseQrCode, QR_HASH_LENGTH, type QrRef, type QrUserType } from '@shared/qr';

/**
 * Riders' and grooms' QR codes (DOMAIN.md "QR codes"): `{r|g}{id}-{hash}`, the hash being the
 * first QR_HASH_LENGTH characters of HMAC-SHA256(QR_SECRET, `${type}${id}`) in lowercase
 * base32 (a-z, 2-7). Without the secret a code cannot be made up; the floor snapshot carries the
 * codes, so a tablet checks a scanned one offline by lookup.
 */

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Lowercase RFC 4648 base32 of `bytes`, cut to `length` characters. */
function base32(bytes: Buffer, length: number): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    if (out.length >= length) break;
  }
  return out;
}

export function qrHash(secret: string, type: QrUserType, id: number): string {
  return base32(createHmac('sha256', secret).update(`${type}${id}`).digest(), QR_HASH_LENGTH);
}

/** The full code of a rider ('r', riders.id) or a groom ('g', grooms.id). */
export const qrCodeOf = (secret: string, type: QrUserType, id: number): string =>
  formatQrCode(type, id, qrHash(secret, type, id));

/** The scanned text (a bare code or a URL ending in /qr/{code}) when its hash is genuine, else null. */
export function verifyQr(secret: string, text: string): QrRef | null {
  const ref = parseQrCode(text);
  if (!ref) return null;
  const expected = Buffer.from(qrHash(secret, ref.type, ref.id));
  const given = Buffer.from(ref.hash);
  return given.length === expected.length && timingSafeEqual(given, expected) ? ref : null;
}
