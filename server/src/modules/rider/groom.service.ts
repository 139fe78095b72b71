import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Groom, groomAction, groomInput } from '@shared/schemas/people';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { grooms } from '../../db/schema';
import { sessionOf } from '../../http/session';
import type { RequestUser } from '../../types';
import { ownerFor } from '../owner/owner-access';
import { writableRider } from './rider-terms';

type GroomRow = typeof grooms.$inferSelect;
type GroomInput = z.infer<typeof groomInput>;

const toGroom = (g: GroomRow): Groom => ({
  id: g.id,
  rider: g.riderId,
  user: g.userId,
  first_name: g.firstName,
  last_name: g.lastName,
  email: g.email,
  phone: g.phone,
});

const groomValues = (input: GroomInput) => ({
  firstName: input.first_name,
  lastName: input.last_name,
  email: input.email ?? null,
  phone: input.phone || null,
});

/** A rider's grooms (charged at the stable through the rider's account). */
export function createGroomService(ctx: AppContext) {
  const listOf = async (riderId: number) => ({
    results: (await ctx.db.select().from(grooms).where(eq(grooms.riderId, riderId)).orderBy(asc(grooms.id))).map(
      toGroom,
    ),
  });

  async function find(id: number): Promise<GroomRow> {
    const [row] = await ctx.db.select().from(grooms).where(eq(grooms.id, id));
    if (!row) throw new AppError('not_found');
    return row;
  }

  return {
    async list(user: RequestUser, riderId: number): Promise<{ results: Groom[] }> {
      await ownerFor(ctx.db, user, 'rider', riderId);
      return listOf(riderId);
    },

    async act(request: FastifyRequest, riderId: number, action: z.infer<typeof groomAction>) {
      const rider = await writableRider(ctx.db, sessionOf(request), riderId);
      await ctx.db.transaction(async (tx) => {
        let id: number;
        if (action.action === 'add') {
          const [created] = await tx
            .insert(grooms)
            .values({ ...groomValues(action.groom), riderId: rider.id })
            .returning({ id: grooms.id });
          id = created!.id;
        } else {
          const removed = await tx
            .delete(grooms)
            .where(and(eq(grooms.id, action.id), eq(grooms.riderId, rider.id)))
            .returning({ id: grooms.id });
          if (!removed.length) throw fieldError('id', 'does_not_exist');
          id = action.id;
        }
        await ctx.audit.record(
          request,
          {
            action: `rider.groom.${action.action}`,
            targetUserId: rider.userId,
            details: { rider: rider.id, groom: id },
          },
          tx,
        );
      });
      return listOf(rider.id);
    },

    async get(user: RequestUser, id: number): Promise<Groom> {
      const row = await find(id);
      await ownerFor(ctx.db, user, 'rider', row.riderId);
      return toGroom(row);
    },

    async update(request: FastifyRequest, id: number, input: GroomInput): Promise<Groom> {
      const row = await find(id);
      const rider = await writableRider(ctx.db, sessionOf(request), row.riderId);
      return ctx.db.transaction(async (tx) => {
        const [updated] = await tx.update(grooms).set(groomValues(input)).where(eq(grooms.id, id)).returning();
        await ctx.audit.record(
          request,
          { action: 'rider.groom.update', targetUserId: rider.userId, details: { rider: rider.id, groom: id } },
          tx,
        );
        return toGroom(updated!);
      });
    },
  };
}
