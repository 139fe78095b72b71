import type { HostCheckResponse } from '@shared/schemas/venue';
import type { VenueDetail } from '@shared/schemas/venue-setup';
import type { PreshowVenue } from '@shared/schemas/preshow';
import type { ListQuery } from '@shared/schemas/pagination';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import { pageOf } from '../../http/pagination';
import type { RequestUser } from '../../types';
import { toVenueDetail } from './venue-detail';
import { createVenueRepo, type VenueRow } from './venue.repo';

export const toPreshowVenue = (v: VenueRow): PreshowVenue => ({
  id: v.id,
  name: v.name,
  city: v.city,
  country: v.country,
  start_date: v.startDate,
  end_date: v.endDate,
  logo: v.whitelabelLogoUrl,
});

export function createVenueService(ctx: AppContext) {
  const venues = createVenueRepo(ctx.db);

  async function existing(id: number): Promise<VenueRow> {
    const venue = await venues.findById(id);
    if (!venue) throw new AppError('not_found');
    return venue;
  }

  return {
    /** The whitelabel venue of a host name (without port), if any. */
    async checkHostname(hostname: string): Promise<HostCheckResponse> {
      const venue = hostname ? await venues.findByWhitelabelDomain(hostname) : undefined;
      return venue ? { logo: venue.whitelabelLogoUrl, venue: venue.id } : { logo: null, venue: null };
    },

    async list(query: ListQuery & { search?: string }): Promise<{ count: number; results: VenueDetail[] }> {
      const { count, rows } = await venues.list(pageOf(query), query.search);
      return { count, results: rows.map(toVenueDetail) };
    },

    /** Admins read any venue; everyone else only the venue they are assigned to. */
    async get(user: RequestUser, id: number): Promise<VenueDetail> {
      const venue = await existing(id);
      if (!user.roles.includes('admin') && user.assignedVenueId !== venue.id) throw new AppError('forbidden');
      return toVenueDetail(venue);
    },

    async preshow(id: number): Promise<PreshowVenue> {
      return toPreshowVenue(await existing(id));
    },

    /** Public: the shows a visitor may still choose (upcoming, running, or without dates). */
    async listOpen(query: ListQuery): Promise<{ count: number; results: PreshowVenue[] }> {
      const { count, rows } = await venues.listOpen(pageOf(query));
      return { count, results: rows.map(toPreshowVenue) };
    },
  };
}
