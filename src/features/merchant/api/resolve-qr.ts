import type { PersonAtVenue } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';

/** The code of a typed code or of a pasted link to it (`…/stable/qr/<code>`). */
export function codeOf(text: string): string {
  const trimmed = text.trim();
  try {
    const segments = new URL(trimmed).pathname.split('/').filter(Boolean);
    return decodeURIComponent(segments.at(-1) ?? '');
  } catch {
    return trimmed;
  }
}

/** GET /api/v1/merchant/qr/{code}/?venue=: the rider of a rider's or groom's QR code. */
export function resolveQr(venue: number | null, text: string): Promise<PersonAtVenue> {
  const code = codeOf(text);
  requireParams({ venue, data: code });
  return api.get<PersonAtVenue>(`merchant/qr/${encodeURIComponent(code)}/`, { params: { venue } });
}
