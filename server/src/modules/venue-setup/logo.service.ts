import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { VenueDetail } from '@shared/schemas/venue-setup';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { mediaFiles } from '../../db/schema';
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
      const sha256 = createHash('sha256').update(file.bytes).digest('hex');
      const venue = await ctx.db.transaction(async (tx) => {
        const before = await venues.findById(venueId, tx);
        if (!before) throw new AppError('not_found');
        const [stored] = await tx
          .insert(mediaFiles)
          .values({
            contentType: LOGO_TYPES[ext],
            fileName: file.fileName.slice(0, 200),
            sha256,
            dataBase64: file.bytes.toString('base64'),
          })
          .returning({ id: mediaFiles.id });
        const url = logoUrl(stored!.id, sha256, ext);
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
      return toVenueDetail(venue);
    },

    /** The stored bytes of a logo address, or null when the address is not (or no longer) one. */
    async load(name: string): Promise<{ contentType: string; bytes: Buffer } | null> {
      const parsed = parseLogoName(name);
      if (!parsed) return null;
      const [row] = await ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, parsed.fileId));
      if (!row || !row.sha256.startsWith(parsed.shaPrefix) || row.contentType !== LOGO_TYPES[parsed.ext]) return null;
      return { contentType: row.contentType, bytes: Buffer.from(row.dataBase64, 'base64') };
    },
  };
}
