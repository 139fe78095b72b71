import { z } from 'zod';

/** GET /api/v1/venue/check_hostname/ — logo and venue when the host is whitelabeled. */
export const hostCheckResponse = z.object({ logo: z.string().nullable(), venue: z.number().int().nullable() });
export type HostCheckResponse = z.infer<typeof hostCheckResponse>;

/** The fields of a venue that every screen needs; the set-up schemas add the rest. */
export const venueSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  fei_id: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  currency: z.string(),
  currencyDisplay: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  whitelabel_logo_url: z.string().nullable(),
  /** The venue's IANA zone: its times are shown in it (kept with the session, so offline too). */
  time_zone: z.string().optional(),
});
export type VenueSummary = z.infer<typeof venueSummary>;

// GET /api/v1/venue/sync_status/ and the rest of the registry sync: src/shared/schemas/sync.ts
