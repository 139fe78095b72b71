import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { VenueDetail } from '@shared/schemas/venue-setup';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { mediaFiles } from '../../db/schema';
import { readMedia, removeMedia, storeMedia } from '../media/media-store';
import { sessionOf } from '../../http/session';
import { assertManagesVenue } from '../venue/venue-access';
import { toVenueDetail } from '../venue/venue-detail';
import { createVenueRepo } from '../venue/venue.repo';
import { LOGO_TYPES, logoUrl, parseLogoName, sniffLogo } from './logo-file';

/** Whitelabel logos, kept in the database and served under an address that changes with the file. */
export function createLogoService(ctx: AppContext) {
  const venues = createVenueRepo(ctx.db);

  return {
    /** 404 for an unknown venue, then 403 unless the caller sets this venue up. */
    async assertVenue(request: FastifyRequest, venueId: number): Promise<void> {
      if (!(await venues.findById(venueId))) throw new AppError('not_found');
      assertManagesVenue(sessionOf(request), venueId);
    },

    async store(
      request: FastifyRequest,
      venueId: number,
      file: { bytes: Buffer; fileName: string },
    ): Promise<VenueDetail> {
      const ext = sniffLogo(file.bytes);
      if (!ext) throw fieldError('file', 'invalid');
      if (!(await venues.findById(venueId))) throw new AppError('not_found');
      // The file first, in pieces outside the transaction (see media-store); removed again should the rest fail.
      const stored = await storeMedia(ctx.db, {
        contentType: LOGO_TYPES[ext],
        fileName: file.fileName.slice(0, 200),
        bytes: file.bytes,
      });
      const linked = ctx.db.transaction(async (tx) => {
        const before = await venues.findById(venueId, tx);
        if (!before) throw new AppError('not_found');
        const url = logoUrl(stored.id, stored.sha256, ext);
        const updated = await venues.update(venueId, { whitelabelLogoUrl: url }, tx);
        const previous = parseLogoName(before.whitelabelLogoUrl?.replace(/^\/media\/venue-logo\//, '') ?? '');
        if (previous) await tx.delete(mediaFiles).where(eq(mediaFiles.id, previous.fileId));
        await ctx.audit.record(
          request,
          { action: 'venue.logo', details: { venue: venueId, url, bytes: file.bytes.length } },
          tx,
        );
        return updated!;
      });
      const venue = await linked.catch(async (err: unknown) => {
        await removeMedia(ctx.db, stored.id);
        throw err;
      });
      return toVenueDetail(venue);
    },

    /** The stored bytes of a logo address, or null when the address is not (or no longer) one. */
    async load(name: string): Promise<{ contentType: string; bytes: Buffer } | null> {
      const parsed = parseLogoName(name);
      if (!parsed) return null;
      const row = await readMedia(ctx.db, parsed.fileId);
      if (!row || !row.sha256.startsWith(parsed.shaPrefix) || row.contentType !== LOGO_TYPES[parsed.ext]) return null;
      return { contentType: row.contentType, bytes: row.bytes };
    },
  };
}
