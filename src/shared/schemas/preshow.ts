import { z } from 'zod';

/** GET /api/v1/venue/{id}/preshow/ (public, whitelabel-safe): the show detail page. */
export const preshowVenue = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  logo: z.string().nullable(),
});
export type PreshowVenue = z.infer<typeof preshowVenue>;
