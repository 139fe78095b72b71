import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../server/src/db/client';
import { rowsOf } from '../../server/src/db/rows';
import { horses, riderHorses, riders, users } from '../../server/src/db/schema';
import { seedFloorFixtures, type FloorFixtures } from './floor-fixtures';

/**
 * The floor's show (floor-fixtures.ts: the demo rider at venue 1 with Quidam Blue, head number
 * 101, and groom Gina; the employed rider Eva at venue 2, employed by the demo employer) plus
 * the rider-horse links: Quidam Blue assigned to the demo rider with owner data, Cassini Rose to
 * Eva without. `multi` is another rider (terms accepted); Eva has not accepted the terms.
 */
export interface PeopleFixtures extends FloorFixtures {
  quidam: number;
  cassini: number;
  /** The demo rider's link to Quidam Blue. */
  quidamLink: number;
  /** Eva's link to Cassini Rose. */
  cassiniLink: number;
  /** The rider profile of the demo user `multi`. */
  otherRider: number;
}

export const QUIDAM_OWNER = {
  ownerName: 'Gestüt Lipica',
  ownerAddress: 'Lipica 5, Sežana',
  ownerVatId: 'SI12345678',
  ownerEmail: 'office@lipica.test',
};

export async function seedPeopleFixtures(db: Db): Promise<PeopleFixtures> {
  const floor = await seedFloorFixtures(db);
  const horseId = async (feiId: string) =>
    (await db.select({ id: horses.id }).from(horses).where(eq(horses.feiId, feiId)))[0]!.id;
  const quidam = await horseId('105IG70');
  const cassini = await horseId('106AB12');
  const [quidamLink, cassiniLink] = await db
    .insert(riderHorses)
    .values([
      { riderId: floor.rider, horseId: quidam, ...QUIDAM_OWNER, meta: { stable: 'A1' } },
      { riderId: floor.employedRider, horseId: cassini },
    ])
    .returning({ id: riderHorses.id });
  const [other] = await db
    .select({ id: riders.id })
    .from(riders)
    .innerJoin(users, eq(users.id, riders.userId))
    .where(eq(users.username, 'multi'));
  return {
    ...floor,
    quidam,
    cassini,
    quidamLink: quidamLink!.id,
    cassiniLink: cassiniLink!.id,
    otherRider: other!.id,
  };
}

/** Rows of `table` (a changed count is a change that should not have happened). */
export async function countOf(db: Db, table: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`));
  return row!.n;
}

/** The audit actions written so far (sign-ins left out), oldest first. */
export async function auditActions(db: Db): Promise<string[]> {
  return rowsOf<{ action: string }>(
    await db.execute(sql`SELECT action FROM audit_log WHERE action NOT LIKE 'auth.%' ORDER BY id`),
  ).map((r) => r.action);
}

interface Injector {
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
}

/** A JSON request as a signed-in user. */
export function caller(app: () => Injector, auth: (username: string) => Promise<Record<string, string>>) {
  return async (username: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    app().inject({ method, url, headers: await auth(username), payload });
}
