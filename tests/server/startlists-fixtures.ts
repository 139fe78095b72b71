import { and, eq } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client';
import {
  competitions,
  horses,
  participationHorses,
  riders,
  taxConfigurations,
  vecParticipations,
  venueParticipations,
} from '../../server/src/db/schema';
import { seedLedgerFixtures, type LedgerFixtures } from './ledger-fixtures';

/**
 * A show for the start-list tests on top of the ledger's fixtures: the event (vec) charges entry
 * fees with 22 % VAT; four riders at venue 1 (the demo rider Rosa, the employed rider Eva and two
 * without a login), seven horses with head numbers, every rider + horse in the event; a
 * competition with a fee of 40.00 and one with none; and a competition of venue 2.
 */
export interface StartlistFixtures extends LedgerFixtures {
  /** Grand Prix: fee 40.00, starts 2099-06-01 14:00Z, every 90 s, deadline 2099-05-31. */
  competition: number;
  /** No fee, no start time. */
  free: number;
  /** A competition of venue 2. */
  foreign: number;
  /** rider id → venue participation id. */
  participations: Map<number, number>;
  /** [rider, horse, head number, vec participation] */
  pairs: { rider: number; horse: number; head: number; vecParticipation: number; venueParticipation: number }[];
  /** A horse at venue 1 that is no one's in particular (of Eva, not of Rosa). */
  evasHorse: number;
  extraRiders: number[];
}

export async function seedStartlistFixtures(db: Db): Promise<StartlistFixtures> {
  const f = await seedLedgerFixtures(db);
  await db
    .update(taxConfigurations)
    .set({ taxTypeId: f.vatStd })
    .where(and(eq(taxConfigurations.vecId, f.vec), eq(taxConfigurations.category, 'entry_fee')));
  const extra = await db
    .insert(riders)
    .values([
      { firstName: 'Marco', lastName: 'Kutscher', nationality: 'GER' },
      { firstName: 'Jos', lastName: 'Verlooy', nationality: 'BEL' },
    ])
    .returning({ id: riders.id });
  await db.update(riders).set({ nationality: 'SLO' }).where(eq(riders.id, f.rider));
  await db
    .insert(venueParticipations)
    .values([
      { venueId: 1, riderId: f.employedRider, payerType: 'employer', payerId: f.employer },
      ...extra.map((r) => ({ venueId: 1, riderId: r.id, payerType: 'rider', payerId: r.id })),
    ])
    .onConflictDoNothing();
  const participations = new Map<number, number>();
  for (const riderId of [f.rider, f.employedRider, ...extra.map((r) => r.id)]) {
    const [p] = await db
      .select({ id: venueParticipations.id })
      .from(venueParticipations)
      .where(and(eq(venueParticipations.venueId, 1), eq(venueParticipations.riderId, riderId)));
    participations.set(riderId, p!.id);
  }
  const plan: [number, string, string | null][] = [
    [f.rider, 'Quidam Blue', '105IG70'],
    [f.rider, 'Cassini Rose', '106AB12'],
    [f.rider, 'Lady Lipica', null],
    [f.employedRider, 'Eldorado', '107EL01'],
    [extra[0]!.id, 'Kolibri', '107KO02'],
    [extra[0]!.id, 'Balou', '107BA03'],
    [extra[1]!.id, 'Igor', '107IG04'],
  ];
  const pairs: StartlistFixtures['pairs'] = [];
  let head = 101;
  for (const [riderId, name, feiId] of plan) {
    const [horse] = await db.insert(horses).values({ name, feiId }).returning({ id: horses.id });
    const venueParticipation = participations.get(riderId)!;
    await db
      .insert(participationHorses)
      .values({ venueParticipationId: venueParticipation, venueId: 1, horseId: horse!.id, headNumber: head });
    const [vp] = await db
      .insert(vecParticipations)
      .values({ vecId: f.vec, venueParticipationId: venueParticipation, horseId: horse!.id })
      .returning({ id: vecParticipations.id });
    pairs.push({ rider: riderId, horse: horse!.id, head, vecParticipation: vp!.id, venueParticipation });
    head++;
  }
  const [competition, free, foreign] = await db
    .insert(competitions)
    .values([
      {
        vecId: f.vec,
        number: '12',
        name: 'Grand Prix',
        startsAt: new Date('2099-06-01T14:00:00Z'),
        entryDeadline: new Date('2099-05-31T18:00:00Z'),
        startIntervalSeconds: 90,
        entryFeeMinor: 4_000,
        rankingRule: 'table_a_jump_off',
        arena: 'Main arena',
      },
      { vecId: f.vec, number: '3', name: 'Young horses' },
      { vecId: f.vec2, number: '1', name: 'Zurich opener', entryFeeMinor: 1_000 },
    ])
    .returning({ id: competitions.id });
  return {
    ...f,
    competition: competition!.id,
    free: free!.id,
    foreign: foreign!.id,
    participations,
    pairs,
    evasHorse: pairs[3]!.horse,
    extraRiders: extra.map((r) => r.id),
  };
}
