/**
 * Riders' and grooms' QR codes (DOMAIN.md "QR codes"): `{r|g}{userId}-{hash}`, where hash is a
 * keyed HMAC of type and id with a server secret (server/src/security/qr.ts), so a code cannot be
 * forged. A tablet checks a scanned code offline by looking it up in the floor snapshot.
 * The code printed in the QR image is the stable route's URL, so a phone camera opens it too.
 */

export type QrUserType = 'r' | 'g';
export const QR_HASH_LENGTH = 12;
const CODE = /^([gr])(\d{1,10})-([a-z0-9]{12})$/;

export interface QrRef {
  type: QrUserType;
  id: number;
  hash: string;
  /** `{type}{id}-{hash}` */
  code: string;
}

export const formatQrCode = (type: QrUserType, id: number, hash: string): string => `${type}${id}-${hash}`;

/**
 * A scanned text as a code: the bare code, or a URL ending in `/stable/qr/{code}` (what the
 * printed image holds). Anything else is null.
 */
export function parseQrCode(text: string): QrRef | null {
  let candidate = text.trim();
  const at = candidate.lastIndexOf('/qr/');
  if (at >= 0) candidate = candidate.slice(at + 4).replace(/[/?#].*$/, '');
  const m = CODE.exec(candidate.toLowerCase());
  if (!m) return null;
  const type = m[1] as QrUserType;
  const id = Number(m[2]);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return { type, id, hash: m[3]!, code: formatQrCode(type, id, m[3]!) };
}
