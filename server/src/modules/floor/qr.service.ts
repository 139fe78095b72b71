import { asc, eq, sql } from 'drizzle-orm';
import type { QrCode } from '@shared/schemas/floor';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import { grooms, riders } from '../../db/schema';
import { qrCodeOf } from '../../security/qr';
import type { RequestUser } from '../../types';

const fullName = (t: typeof riders | typeof grooms) => sql<string>`btrim(${t.firstName} || ' ' || ${t.lastName})`;

/** The signed-in rider's QR code and each of their grooms' (DOMAIN.md "QR codes"). */
export function createQrService(ctx: AppContext) {
  const secret = ctx.config.qrSecret;
  return {
    async myCodes(user: RequestUser): Promise<{ results: QrCode[] }> {
      const [rider] = await ctx.db
        .select({ id: riders.id, name: fullName(riders) })
        .from(riders)
        .where(eq(riders.userId, user.id));
      if (!rider) throw new AppError('not_found');
      const theirGrooms = await ctx.db
        .select({ id: grooms.id, name: fullName(grooms) })
        .from(grooms)
        .where(eq(grooms.riderId, rider.id))
        .orderBy(asc(grooms.id));
      return {
        results: [
          { type: 'r', id: rider.id, name: rider.name, code: qrCodeOf(secret, 'r', rider.id) },
          ...theirGrooms.map((g) => ({
            type: 'g' as const,
            id: g.id,
            name: g.name,
            code: qrCodeOf(secret, 'g', g.id),
          })),
        ],
      };
    },
  };
}
