import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { DEMO_VENUE } from './demo-data';
import {
  attendees,
  competitionEntries,
  competitions,
  consumables,
  venueBankAccounts,
  countries,
  currencies,
  eventCategories,
  grooms,
  horses,
  merchantParticipations,
  merchants,
  participationHorses,
  riderHorses,
  riders,
  taxConfigurations,
  taxRates,
  taxTypes,
  users,
  vecParticipations,
  venueEventCategories,
  venueParticipations,
} from '../db/schema';

/** Reference data and the demo show's setup, so a first look at Paddock finds a working show office. */
export const DEMO_COUNTRIES: [string, string][] = [
  ['AT', 'Austria'],
  ['BE', 'Belgium'],
  ['CH', 'Switzerland'],
  ['CZ', 'Czechia'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['GB', 'United Kingdom'],
  ['HR', 'Croatia'],
  ['HU', 'Hungary'],
  ['IT', 'Italy'],
  ['NL', 'Netherlands'],
  ['PL', 'Poland'],
  ['SI', 'Slovenia'],
  ['US', 'United States'],
];

export const DEMO_CURRENCIES: [string, string, string][] = [
  ['EUR', 'Euro', '€'],
  ['CHF', 'Swiss franc', 'CHF'],
  ['PLN', 'Polish złoty', 'zł'],
  ['GBP', 'Pound sterling', '£'],
  ['USD', 'US dollar', '$'],
  ['HUF', 'Hungarian forint', 'Ft'],
  ['CZK', 'Czech koruna', 'Kč'],
];

export const DEMO_EVENT_CATEGORIES: [string, string, string][] = [
  ['CSI1*', 'International jumping 1*', 'jumping'],
  ['CSI2*', 'International jumping 2*', 'jumping'],
  ['CSI3*', 'International jumping 3*', 'jumping'],
  ['CSN', 'National jumping', 'jumping'],
  ['CDI3*', 'International dressage 3*', 'dressage'],
];

/** Slovenian VAT (the demo show is in Lipica): 22 % standard, 9.5 % reduced. */
export const DEMO_TAX_TYPES = [
  { code: 'SI_VAT_22', name: 'VAT 22 %', rateBp: 2200, validFrom: '2013-07-01' },
  { code: 'SI_VAT_9_5', name: 'VAT 9.5 %', rateBp: 950, validFrom: '2013-07-01' },
  {
    code: 'VAT_EXEMPT',
    name: 'VAT exempt',
    rateBp: 0,
    validFrom: '2000-01-01',
    // Stated with its ground, never read from its 0 %.
    category: 'E',
    exemptionReason: 'Exempt under Article 132(1)(m) of Directive 2006/112/EC.',
    exemptionCode: 'VATEX-EU-132-1M',
  },
] as const;

/**
 * The demo show's price list. Item names are the show office's data, not app text: one name per
 * item, as on a printed price list. An international show in Slovenia run by a German-speaking
 * office prints it in English and German, so the names carry both ("Shavings · Hobelspäne"); the
 * riders' and other owners' lists show each entry's kind and category translated (README).
 */
export const DEMO_CONSUMABLES = [
  { name: 'Box, whole show · Box, ganze Show', category: 'box', unit: 'show', unitPriceMinor: 35_000 },
  { name: 'Shavings · Hobelspäne', category: 'shavings', unit: 'bale', unitPriceMinor: 1_250 },
  { name: 'Hay · Heu', category: 'hay', unit: 'bale', unitPriceMinor: 950 },
  { name: 'Electricity, truck · Strom, LKW', category: 'electricity', unit: 'show', unitPriceMinor: 4_000 },
  { name: 'Parking, truck · Parken, LKW', category: 'parking', unit: 'day', unitPriceMinor: 2_500 },
];

/** Which tax each kind of charge carries in the demo event. */
const DEMO_TAX_OF: Record<string, string | null> = {
  entry_fee: 'SI_VAT_22',
  box: 'SI_VAT_22',
  shavings: 'SI_VAT_22',
  hay: 'SI_VAT_9_5',
  feed: 'SI_VAT_9_5',
  electricity: 'SI_VAT_22',
  parking: 'SI_VAT_22',
  services: 'SI_VAT_22',
  prize_money: null,
  other: 'SI_VAT_22',
};

export const DEMO_HORSES = [
  {
    name: 'Quidam Blue',
    feiId: '105IG70',
    birthYear: 2014,
    sex: 'gelding',
    colour: 'grey',
    breed: 'KWPN',
    headNumber: 101,
  },
  {
    name: 'Cassini Rose',
    feiId: '106AB12',
    birthYear: 2016,
    sex: 'mare',
    colour: 'bay',
    breed: 'Holsteiner',
    headNumber: 102,
  },
];

/** Who owns the demo rider's horses (the rider-horse links' owner data). */
export const DEMO_HORSE_OWNER = {
  ownerName: 'Gestüt Lipica d.o.o.',
  ownerAddress: 'Lipica 5, 6210 Sežana, Slovenia',
  ownerVatId: 'SI12345678',
  ownerEmail: 'office@gestut-lipica.demo',
};

/** A second record of the first demo horse, entered again by hand: the admin's duplicates page merges it. */
export const DEMO_DUPLICATE_HORSE = { name: 'quidam  blue', nationalId: '528003201400123', colour: 'grey' };

/** The demo merchant's fee plan when it has none: 2.50 % plus 0.30 per sale. */
export const DEMO_MERCHANT_FEES = { feePercentBp: 250, feeFixedMinor: 30 };

/** The demo rider's grooms, charged at the stable through the rider's account (QR codes g…). */
export const DEMO_GROOMS = [
  { firstName: 'Greta', lastName: 'Stallmann', email: 'greta.stallmann@paddock.demo' },
  { firstName: 'Hugo', lastName: 'Pfleger', email: null },
];

/** People the welcome desk admits at the demo show. */
export const DEMO_ATTENDEES = [
  {
    firstName: 'Tina',
    lastName: 'Trainer',
    kind: 'team_member',
    role: 'trainer',
    organisation: 'Rosa Rider',
    badge: 'T-001',
  },
  { firstName: 'Gustav', lastName: 'Gast', kind: 'guest', role: null, organisation: null, badge: 'G-001' },
  { firstName: 'Paula', lastName: 'Presse', kind: 'press', role: null, organisation: 'Pferdezeitung', badge: 'P-001' },
];

/**
 * Writes the reference data and the demo show's event, taxes, price list, first rider (with grooms
 * and horses), attendees, a duplicate horse record and the demo merchant's fee plan.
 */
export async function seedDemoShow(tx: Db, riderUsername: string): Promise<void> {
  await tx.insert(countries).values(DEMO_COUNTRIES.map(([code, name]) => ({ code, name })));
  await tx.insert(currencies).values(DEMO_CURRENCIES.map(([code, name, symbol]) => ({ code, name, symbol })));
  const categories = await tx
    .insert(eventCategories)
    .values(DEMO_EVENT_CATEGORIES.map(([code, name, discipline]) => ({ code, name, discipline })))
    .returning();

  const taxTypeIds = new Map<string, number>();
  for (const type of DEMO_TAX_TYPES) {
    const stated = 'category' in type ? type : null;
    const [row] = await tx
      .insert(taxTypes)
      .values({
        code: type.code,
        name: type.name,
        ...(stated
          ? { category: stated.category, exemptionReason: stated.exemptionReason, exemptionCode: stated.exemptionCode }
          : {}),
      })
      .returning();
    await tx.insert(taxRates).values({ taxTypeId: row!.id, rateBp: type.rateBp, validFrom: type.validFrom });
    taxTypeIds.set(type.code, row!.id);
  }

  const csi2 = categories.find((c) => c.code === 'CSI2*')!;
  const [event] = await tx
    .insert(venueEventCategories)
    .values({ venueId: DEMO_VENUE.id, eventCategoryId: csi2.id, name: 'CSI2* Lipica', defaultEntryFeeMinor: 15_000 })
    .returning();
  await tx.insert(taxConfigurations).values(
    Object.entries(DEMO_TAX_OF).map(([category, code]) => ({
      vecId: event!.id,
      category,
      taxTypeId: code ? taxTypeIds.get(code)! : null,
      appliesByDefault: code !== null,
    })),
  );
  await tx.insert(consumables).values(DEMO_CONSUMABLES.map((c) => ({ ...c, venueId: DEMO_VENUE.id })));
  // The saddlery has its stand at the show: only a merchant the show office registered sells there.
  const [shop] = await tx
    .select({ id: merchants.id })
    .from(merchants)
    .innerJoin(users, eq(users.id, merchants.userId))
    .where(eq(users.username, 'merchant'));
  if (shop) await tx.insert(merchantParticipations).values({ venueId: DEMO_VENUE.id, merchantId: shop.id });
  // The show office's account, printed on its invoices with their payment reference.
  await tx.insert(venueBankAccounts).values({
    venueId: DEMO_VENUE.id,
    holderName: 'Paddock Classic d.o.o.',
    iban: 'SI56191000000123438',
    bic: 'BAKOSI2X',
    bankName: 'NLB d.d.',
    currency: 'EUR',
    isDefault: true,
  });

  const [rider] = await tx
    .select({ id: riders.id })
    .from(riders)
    .innerJoin(users, eq(users.id, riders.userId))
    .where(eq(users.username, riderUsername));
  const [participation] = await tx
    .insert(venueParticipations)
    .values({ venueId: DEMO_VENUE.id, riderId: rider!.id, payerType: 'rider', payerId: rider!.id })
    .returning();
  await tx.insert(grooms).values(DEMO_GROOMS.map((groom) => ({ ...groom, riderId: rider!.id })));
  await tx.insert(attendees).values(DEMO_ATTENDEES.map((attendee) => ({ ...attendee, venueId: DEMO_VENUE.id })));
  for (const { headNumber, ...horse } of DEMO_HORSES) {
    const [row] = await tx.insert(horses).values(horse).returning();
    await tx.insert(riderHorses).values({ riderId: rider!.id, horseId: row!.id, ...DEMO_HORSE_OWNER });
    await tx.insert(participationHorses).values({
      venueParticipationId: participation!.id,
      venueId: DEMO_VENUE.id,
      horseId: row!.id,
      headNumber,
    });
    await tx.insert(vecParticipations).values({
      vecId: event!.id,
      venueParticipationId: participation!.id,
      horseId: row!.id,
      entryFeeMinor: event!.defaultEntryFeeMinor,
    });
  }
  await tx.insert(horses).values(DEMO_DUPLICATE_HORSE);
  await tx
    .update(merchants)
    .set(DEMO_MERCHANT_FEES)
    .where(and(eq(merchants.feePercentBp, 0), eq(merchants.feeFixedMinor, 0)));
}

/**
 * The demo show's competitions: a Grand Prix (Table A with jump-off) with every rider
 * and horse of the event entered but not drawn yet, its fee included in the event's entry fee;
 * and a speed class (Table C) with an entry fee of its own and no entries yet (the office enters
 * them from the event and the fees are charged then). Runs after the show day's riders exist.
 */
export const DEMO_COMPETITIONS = [
  {
    number: '1',
    name: 'Grand Prix 1.45 m',
    discipline: 'jumping',
    rule: 'Table A, 238.2.2 (jump-off)',
    rankingRule: 'table_a_jump_off' as const,
    heightCm: 145,
    arena: 'Main arena',
    startHour: 14,
    entryFeeMinor: 0,
    prizeMoneyMinor: 1_000_000,
    prizeChartMinor: [300_000, 220_000, 160_000, 120_000, 100_000, 100_000],
    startIntervalSeconds: 90,
    entered: true,
  },
  {
    number: '2',
    name: 'Speed 1.30 m',
    discipline: 'jumping',
    rule: 'Table C, 239',
    rankingRule: 'table_c' as const,
    heightCm: 130,
    arena: 'Sand arena',
    startHour: 10,
    entryFeeMinor: 4_000,
    prizeMoneyMinor: 250_000,
    prizeChartMinor: [80_000, 60_000, 45_000, 35_000, 30_000],
    startIntervalSeconds: 75,
    entered: false,
  },
];

export async function seedDemoCompetitions(tx: Db, now: Date = new Date()): Promise<void> {
  const [event] = await tx.select().from(venueEventCategories).where(eq(venueEventCategories.venueId, DEMO_VENUE.id));
  if (!event) return;
  // Tomorrow (the show's second day) at the hour, venue time (Ljubljana: UTC+1 or +2; near enough for a demo).
  const tomorrow = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  for (const { startHour, entered, ...competition } of DEMO_COMPETITIONS) {
    const startsAt = new Date(`${tomorrow}T${String(startHour - 1).padStart(2, '0')}:00:00Z`);
    const [row] = await tx
      .insert(competitions)
      .values({
        ...competition,
        vecId: event.id,
        startsAt,
        entryDeadline: new Date(startsAt.getTime() - 18 * 3_600_000),
      })
      .returning();
    if (!entered) continue;
    const participations = await tx
      .select({
        id: vecParticipations.id,
        venueParticipationId: vecParticipations.venueParticipationId,
        horseId: vecParticipations.horseId,
        riderId: venueParticipations.riderId,
      })
      .from(vecParticipations)
      .innerJoin(venueParticipations, eq(venueParticipations.id, vecParticipations.venueParticipationId))
      .where(eq(vecParticipations.vecId, event.id))
      .orderBy(vecParticipations.id);
    const values = participations
      .filter((p) => p.horseId !== null)
      .map((p) => ({
        competitionId: row!.id,
        venueParticipationId: p.venueParticipationId,
        vecParticipationId: p.id,
        riderId: p.riderId,
        horseId: p.horseId!,
        entryFeeMinor: 0,
      }));
    if (values.length) await tx.insert(competitionEntries).values(values);
  }
}
