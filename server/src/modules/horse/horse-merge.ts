import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { horses, participationHorses, riderHorses, vecParticipations, vetInspections } from '../../db/schema';
import type { HorseRow } from './horse-wire';

type LinkRow = typeof riderHorses.$inferSelect;

const OWNER_FIELDS = ['ownerName', 'ownerAddress', 'ownerVatId', 'ownerEmail'] as const;
const hasOwnerData = (link: LinkRow) => OWNER_FIELDS.some((field) => link[field] !== '');
const FILLED_FIELDS = ['feiId', 'nationalId', 'birthYear', 'sex', 'colour', 'breed'] as const;

export interface MergeCounts {
  riderLinks: number;
  participationHorses: number;
  entries: number;
}

/** Rider links: one per rider; a kept link without owner data takes the duplicate's. */
async function moveRiderLinks(tx: Db, from: number, into: number): Promise<number> {
  const links = await tx.select().from(riderHorses).where(eq(riderHorses.horseId, from));
  for (const link of links) {
    const [kept] = await tx
      .select()
      .from(riderHorses)
      .where(and(eq(riderHorses.riderId, link.riderId), eq(riderHorses.horseId, into)));
    if (!kept) {
      await tx.update(riderHorses).set({ horseId: into }).where(eq(riderHorses.id, link.id));
      continue;
    }
    const owner = hasOwnerData(kept) ? {} : Object.fromEntries(OWNER_FIELDS.map((f) => [f, link[f]]));
    await tx
      .update(riderHorses)
      .set({ ...owner, meta: { ...link.meta, ...kept.meta } })
      .where(eq(riderHorses.id, kept.id));
    await tx.delete(riderHorses).where(eq(riderHorses.id, link.id));
  }
  return links.length;
}

/**
 * Participation horses: moved (the floor trigger bumps them); where the participation already has
 * the kept horse, its inspections move over, it takes a head number it lacked, and the duplicate
 * row goes (the floor gets its tombstone).
 */
async function moveParticipationHorses(tx: Db, from: number, into: number): Promise<number> {
  const rows = await tx.select().from(participationHorses).where(eq(participationHorses.horseId, from));
  for (const row of rows) {
    const [kept] = await tx
      .select()
      .from(participationHorses)
      .where(
        and(
          eq(participationHorses.venueParticipationId, row.venueParticipationId),
          eq(participationHorses.horseId, into),
        ),
      );
    if (!kept) {
      await tx.update(participationHorses).set({ horseId: into }).where(eq(participationHorses.id, row.id));
      continue;
    }
    await tx
      .update(vetInspections)
      .set({ participationHorseId: kept.id })
      .where(eq(vetInspections.participationHorseId, row.id));
    await tx.delete(participationHorses).where(eq(participationHorses.id, row.id));
    if (kept.headNumber === null && row.headNumber !== null) {
      await tx
        .update(participationHorses)
        .set({ headNumber: row.headNumber })
        .where(eq(participationHorses.id, kept.id));
    }
  }
  return rows.length;
}

/** Event entries: moved, unless the participation is already entered with the kept horse. */
async function moveEntries(tx: Db, from: number, into: number): Promise<number> {
  const rows = await tx.select().from(vecParticipations).where(eq(vecParticipations.horseId, from));
  for (const row of rows) {
    const [twin] = await tx
      .select({ id: vecParticipations.id })
      .from(vecParticipations)
      .where(
        and(
          eq(vecParticipations.vecId, row.vecId),
          eq(vecParticipations.venueParticipationId, row.venueParticipationId),
          eq(vecParticipations.horseId, into),
        ),
      );
    if (twin) await tx.delete(vecParticipations).where(eq(vecParticipations.id, row.id));
    else await tx.update(vecParticipations).set({ horseId: into }).where(eq(vecParticipations.id, row.id));
  }
  return rows.length;
}

/**
 * Moves every link of horse `from` to horse `into`, deletes `from` and fills the kept horse's
 * empty fields from it. Runs inside the caller's transaction; both rows are locked first.
 */
export async function mergeHorses(tx: Db, from: HorseRow, into: HorseRow): Promise<MergeCounts> {
  const counts = {
    riderLinks: await moveRiderLinks(tx, from.id, into.id),
    participationHorses: await moveParticipationHorses(tx, from.id, into.id),
    entries: await moveEntries(tx, from.id, into.id),
  };
  await tx.delete(horses).where(eq(horses.id, from.id));
  const filled = Object.fromEntries(
    FILLED_FIELDS.filter((f) => into[f] === null && from[f] !== null).map((f) => [f, from[f]]),
  );
  if (Object.keys(filled).length) await tx.update(horses).set(filled).where(eq(horses.id, into.id));
  return counts;
}
