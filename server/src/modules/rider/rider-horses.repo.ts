import { and, asc, eq } from 'drizzle-orm';
import type { RiderHorse } from '@shared/schemas/people';
import type { Db } from '../../db/client';
import { horses, riderHorses } from '../../db/schema';
import { toHorse, type HorseRow } from '../horse/horse-wire';

type LinkRow = typeof riderHorses.$inferSelect;

export const toRiderHorse = ({ horse, link }: { horse: HorseRow; link: LinkRow }): RiderHorse => ({
  ...toHorse(horse),
  link: link.id,
  rider: link.riderId,
  owner: {
    owner_name: link.ownerName,
    owner_address: link.ownerAddress,
    owner_vat_id: link.ownerVatId,
    owner_email: link.ownerEmail,
    meta: link.meta,
  },
});

/** The rider-horse links (rider_horses) with their horses. */
export function createRiderHorseRepo(db: Db) {
  const joined = (tx: Db) =>
    tx
      .select({ horse: horses, link: riderHorses })
      .from(riderHorses)
      .innerJoin(horses, eq(horses.id, riderHorses.horseId));

  return {
    async list(riderId: number, tx: Db = db): Promise<RiderHorse[]> {
      const rows = await joined(tx).where(eq(riderHorses.riderId, riderId)).orderBy(asc(horses.name), asc(horses.id));
      return rows.map(toRiderHorse);
    },

    async find(riderId: number, horseId: number, tx: Db = db): Promise<RiderHorse | undefined> {
      const [row] = await joined(tx).where(and(eq(riderHorses.riderId, riderId), eq(riderHorses.horseId, horseId)));
      return row && toRiderHorse(row);
    },

    async findLink(linkId: number, tx: Db = db): Promise<LinkRow | undefined> {
      const [row] = await tx.select().from(riderHorses).where(eq(riderHorses.id, linkId));
      return row;
    },
  };
}
