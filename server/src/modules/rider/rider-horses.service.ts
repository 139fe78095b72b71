import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { copyHorseOwnerDataInput, horseAction, horseMetaInput, RiderHorse } from '@shared/schemas/people';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { horses, riderHorses } from '../../db/schema';
import { sessionOf } from '../../http/session';
import type { RequestUser } from '../../types';
import { horseValues } from '../horse/horse-wire';
import { ownerFor } from '../owner/owner-access';
import { createRiderHorseRepo } from './rider-horses.repo';
import { writableRider } from './rider-terms';

type HorseAction = z.infer<typeof horseAction>;
type HorseMetaInput = z.infer<typeof horseMetaInput>;
type CopyInput = z.infer<typeof copyHorseOwnerDataInput>;

/** A rider's horses and the horse owner data of each link (spec §4 "Horses and grooms"). */
export function createRiderHorseService(ctx: AppContext) {
  const links = createRiderHorseRepo(ctx.db);

  return {
    async list(user: RequestUser, riderId: number): Promise<{ results: RiderHorse[] }> {
      await ownerFor(ctx.db, user, 'rider', riderId);
      return { results: await links.list(riderId) };
    },

    async get(user: RequestUser, riderId: number, horseId: number): Promise<RiderHorse> {
      await ownerFor(ctx.db, user, 'rider', riderId);
      const found = await links.find(riderId, horseId);
      if (!found) throw new AppError('not_found');
      return found;
    },

    /** Assign an existing horse, create one and assign it, or unassign one. */
    async act(request: FastifyRequest, riderId: number, action: HorseAction): Promise<{ results: RiderHorse[] }> {
      const rider = await writableRider(ctx.db, sessionOf(request), riderId);
      await ctx.db
        .transaction(async (tx) => {
          let horseId: number;
          if ('horse' in action) {
            const [created] = await tx.insert(horses).values(horseValues(action.horse)).returning({ id: horses.id });
            horseId = created!.id;
          } else {
            horseId = action.id;
            const [known] = await tx.select({ id: horses.id }).from(horses).where(eq(horses.id, horseId));
            if (!known) throw fieldError('id', 'does_not_exist');
          }
          const which = and(eq(riderHorses.riderId, rider.id), eq(riderHorses.horseId, horseId));
          if (action.action === 'remove') {
            const removed = await tx.delete(riderHorses).where(which).returning({ id: riderHorses.id });
            if (!removed.length) throw fieldError('id', 'does_not_exist');
          } else {
            await tx.insert(riderHorses).values({ riderId: rider.id, horseId }).onConflictDoNothing();
          }
          const what = 'horse' in action ? 'create' : action.action;
          await ctx.audit.record(
            request,
            { action: `rider.horse.${what}`, targetUserId: rider.userId, details: { rider: rider.id, horse: horseId } },
            tx,
          );
        })
        .catch((err: unknown) => {
          if (!isUniqueViolation(err)) throw err;
          throw new AppError('validation', { fields: { horse: { fei_id: ['duplicate'] } } });
        });
      return { results: await links.list(rider.id) };
    },

    /** The horse owner data and meta of one rider-horse link. */
    async updateMeta(request: FastifyRequest, input: HorseMetaInput): Promise<RiderHorse> {
      const rider = await writableRider(ctx.db, sessionOf(request), input.rider);
      const { others } = input;
      const text = (value: string | null | undefined) => (value === undefined ? undefined : (value ?? ''));
      return ctx.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(riderHorses)
          .set({
            ownerName: text(others.owner_name),
            ownerAddress: text(others.owner_address),
            ownerVatId: text(others.owner_vat_id),
            ownerEmail: text(others.owner_email),
            meta: others.meta,
          })
          .where(and(eq(riderHorses.riderId, rider.id), eq(riderHorses.horseId, input.horse)))
          .returning({ id: riderHorses.id });
        if (!updated) throw fieldError('horse', 'does_not_exist');
        await ctx.audit.record(
          request,
          { action: 'rider.horse.meta', targetUserId: rider.userId, details: { link: updated.id } },
          tx,
        );
        return (await links.find(rider.id, input.horse, tx))!;
      });
    },

    /** Copies the owner's name, address, VAT id and e-mail from one link to another (both reachable). */
    async copyOwnerData(request: FastifyRequest, input: CopyInput): Promise<RiderHorse> {
      const user = sessionOf(request);
      const [source, target] = await Promise.all([links.findLink(input.source), links.findLink(input.target)]);
      // A link the caller may not reach reads as missing, like any other record of someone else.
      if (!source || !target) throw new AppError('not_found');
      await ownerFor(ctx.db, user, 'rider', source.riderId);
      const rider = await writableRider(ctx.db, user, target.riderId);
      return ctx.db.transaction(async (tx) => {
        await tx
          .update(riderHorses)
          .set({
            ownerName: source.ownerName,
            ownerAddress: source.ownerAddress,
            ownerVatId: source.ownerVatId,
            ownerEmail: source.ownerEmail,
          })
          .where(eq(riderHorses.id, target.id));
        await ctx.audit.record(
          request,
          {
            action: 'rider.horse.copyOwnerData',
            targetUserId: rider.userId,
            details: { source: source.id, target: target.id },
          },
          tx,
        );
        return (await links.find(target.riderId, target.horseId, tx))!;
      });
    },
  };
}
