import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PartyType, PostableKind, TransactionSource } from '@shared/ledger';
import type { Role } from '@shared/roles';
import { issueBill } from '../modules/compensation/compensation-issue';
import { figuresOf, negatedLines, reversalValues } from '../modules/ledger/correction';
import { loadContext, type EntryContext } from '../modules/ledger/context.repo';
import { accountDeltas, postingLines, totalsOf, type AccountDelta, type PostingLine } from '../modules/ledger/effects';
import { contextQueryOf, resolveEntry, withinShowDays, type EntrySpec } from '../modules/ledger/entry';
import { writeJournal, type JournalEntry } from '../modules/ledger/journal.repo';
import type { TransactionRow } from '../modules/ledger/wire';
import type { RequestUser } from '../types';
import type { Db } from '../db/client';
import { DEMO_VENUE } from './demo-data';
import { rowsOf } from '../db/rows';
import {
  attendeeCheckins,
  attendees,
  bankAccounts,
  documents,
  consumables,
  employers,
  employments,
  grooms,
  horses,
  mediaFiles,
  officialParticipations,
  officials,
  participationHorses,
  riderHorses,
  riderSignins,
  riders,
  teamMembers,
  users,
  vecParticipations,
  venueEventCategories,
  venueParticipations,
  vetInspections,
} from '../db/schema';

/**
 * The demo show's day in progress (item 9): a few dozen riders with horses, grooms and
 * employers, officials, attendees, and the day's check-ins, sign-ins, vet inspections, stable
 * charges, merchant sales, payments and corrections. Deterministic (a seeded pseudo-random
 * sequence); times are counted back from the moment of seeding, so the day is always today.
 * Money goes through the ledger's own code (context, resolveEntry, postings, running totals),
 * written in bulk with writeJournal: the balance check holds.
 */

/** mulberry32: small, fast and the same on every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Riders: first name, last name, nationality (IOC-like ISO codes of the demo countries). */
export const SHOW_DAY_RIDERS: [string, string, string][] = [
  ['Lena', 'Hoffmann', 'DE'],
  ['Maximilian', 'Brandt', 'DE'],
  ['Sophie', 'Wagner', 'AT'],
  ['Jakob', 'Gruber', 'AT'],
  ['Chiara', 'Bianchi', 'IT'],
  ['Lorenzo', 'Ferrari', 'IT'],
  ['Camille', 'Dubois', 'FR'],
  ['Julien', 'Moreau', 'FR'],
  ['Zofia', 'Kowalska', 'PL'],
  ['Piotr', 'Nowak', 'PL'],
  ['Eva', 'Novak', 'SI'],
  ['Luka', 'Kranjc', 'SI'],
  ['Ivana', 'Horvat', 'HR'],
  ['Marko', 'Babić', 'HR'],
  ['Anna', 'Szabó', 'HU'],
  ['Bence', 'Tóth', 'HU'],
  ['Tereza', 'Dvořáková', 'CZ'],
  ['Ondřej', 'Svoboda', 'CZ'],
  ['Sanne', 'de Vries', 'NL'],
  ['Daan', 'Jansen', 'NL'],
  ['Elise', 'Peeters', 'BE'],
  ['Thomas', 'Claes', 'BE'],
  ['Nina', 'Keller', 'CH'],
  ['Luca', 'Meier', 'CH'],
  ['Emily', 'Clarke', 'GB'],
  ['Oliver', 'Hughes', 'GB'],
  ['Madison', 'Reed', 'US'],
  ['Tyler', 'Brooks', 'US'],
  ['Johanna', 'Schulz', 'DE'],
  ['Felix', 'Lehmann', 'DE'],
  ['Giulia', 'Romano', 'IT'],
  ['Mathilde', 'Laurent', 'FR'],
  ['Katarzyna', 'Wiśniewska', 'PL'],
  ['Matej', 'Zupan', 'SI'],
];

/** Horse names, each used once (no two alike, so the duplicates page shows only the planted one). */
const HORSE_NAMES = [
  'Balou du Rouet',
  'Casall Star',
  'Diarado Blue',
  'Emerald Sky',
  'Fleur de Lys',
  'Grandorado',
  'Hickstead Boy',
  'Iron Lady',
  'Jolly Jumper',
  'Kannan Gold',
  'Lord Pezi',
  'Mylord Carthago',
  'Nabab Rouge',
  'Obelix',
  'Parco Royal',
  'Quintero',
  'Ratina Z',
  'Shutterfly Junior',
  'Tornado Noir',
  'Usandro',
  'Vigo Cece',
  'Windsor Lad',
  'Zirocco Blue',
  'Allegra',
  'Bellagio',
  'Chacco Rouge',
  'Dollar Girl',
  'Esprit de Lipica',
  'Fantasia',
  'Galileo',
  'Heartbreaker Lady',
  'Indoctro Star',
  'Jazz Man',
  'Kiara',
  'Larimar',
  'Monte Carlo',
  'Nougat',
  'Orlando',
  'Pegasus',
  'Quatro Amigo',
  'Rubin Royal',
  'Silvana',
  'Tabasco',
  'Uriel',
  'Valentino',
  'Zorro',
  'Aramis',
];

const HORSE_SEXES = ['mare', 'gelding', 'stallion', 'gelding'];
const HORSE_COLOURS = ['bay', 'grey', 'chestnut', 'dark bay', 'black'];
const HORSE_BREEDS = ['KWPN', 'Holsteiner', 'Hanoverian', 'Selle Français', 'Oldenburger', 'BWP', 'Lipizzaner'];

const GROOM_NAMES: [string, string][] = [
  ['Mia', 'Berger'],
  ['Tom', 'Fischer'],
  ['Lucía', 'García'],
  ['Kasia', 'Zielińska'],
  ['Paolo', 'Conti'],
  ['Manon', 'Girard'],
  ['Jan', 'Kovač'],
  ['Sara', 'Lindqvist'],
  ['Ben', 'Walsh'],
  ['Ana', 'Potočnik'],
];

const OFFICIALS: { first: string; last: string; nationality: string; fn: string }[] = [
  { first: 'Hélène', last: 'Marchand', nationality: 'FR', fn: 'president_of_jury' },
  { first: 'Karl', last: 'Steiner', nationality: 'AT', fn: 'judge' },
  { first: 'Alessandra', last: 'Greco', nationality: 'IT', fn: 'judge' },
  { first: 'Tomasz', last: 'Lewandowski', nationality: 'PL', fn: 'steward' },
  { first: 'Janez', last: 'Kos', nationality: 'SI', fn: 'steward' },
  { first: 'Pieter', last: 'Bakker', nationality: 'NL', fn: 'course_designer' },
  { first: 'Ursula', last: 'Frei', nationality: 'CH', fn: 'veterinarian' },
  { first: 'James', last: 'Whitfield', nationality: 'GB', fn: 'technical_delegate' },
];

/** Visitors and staff the welcome desk admits (besides the three of demo-show.ts). */
const VISITORS: { first: string; last: string; kind: string; organisation: string | null }[] = [
  { first: 'Martina', last: 'Weiss', kind: 'press', organisation: 'Reiter Revue' },
  { first: 'Pierre', last: 'Lefèvre', kind: 'press', organisation: 'Grand Prix Magazine' },
  { first: 'Nika', last: 'Golob', kind: 'press', organisation: 'RTV Slovenija' },
  { first: 'Urška', last: 'Mlakar', kind: 'staff', organisation: 'Paddock Classic' },
  { first: 'Rok', last: 'Hribar', kind: 'staff', organisation: 'Paddock Classic' },
  { first: 'Tanja', last: 'Vidmar', kind: 'staff', organisation: 'Paddock Classic' },
  { first: 'Miha', last: 'Bizjak', kind: 'staff', organisation: 'Paddock Classic' },
  { first: 'Helmut', last: 'Auer', kind: 'guest', organisation: 'Gestüt Lipica d.o.o.' },
  { first: 'Francesca', last: 'Rizzi', kind: 'guest', organisation: null },
  { first: 'Agnieszka', last: 'Mazur', kind: 'guest', organisation: null },
  { first: 'Gregor', last: 'Turk', kind: 'spectator', organisation: null },
  { first: 'Maja', last: 'Krajnc', kind: 'spectator', organisation: null },
  { first: 'David', last: 'Lenarčič', kind: 'spectator', organisation: null },
  { first: 'Petra', last: 'Kolar', kind: 'spectator', organisation: null },
];

/** Team members accredited with a rider (trainers and owners; grooms come from the grooms). */
const TEAM: { first: string; last: string; role: string }[] = [
  { first: 'Ulrich', last: 'Hagen', role: 'trainer' },
  { first: 'Beatrice', last: 'Sala', role: 'trainer' },
  { first: 'Gérard', last: 'Blanc', role: 'horse_owner' },
  { first: 'Irena', last: 'Zajc', role: 'family' },
  { first: 'Sebastian', last: 'Roth', role: 'trainer' },
];

/**
 * What the demo merchant (a saddlery, Italian) sells: item names as the shop writes them, in its
 * own language with the English word after it, as shop signs at international shows do.
 */
const MERCHANT_ITEMS: [string, number][] = [
  ['Sottosella · Saddle pad', 4_500],
  ['Redini · Reins', 6_900],
  ['Spray antimosche · Fly spray', 1_490],
  ['Paraglomi · Overreach boots', 3_800],
  ['Capezza · Headcollar', 2_900],
  ['Spazzola · Brush', 850],
  ['Grasso per cuoio · Leather balm', 1_650],
  ['Coperta antipioggia · Rain sheet', 12_900],
];

/** Price-list items of demo-show.ts by category, as this module charges them. */
type Item = 'box' | 'shavings' | 'hay' | 'electricity' | 'parking';

export interface ShowDaySummary {
  riders: number;
  horses: number;
  grooms: number;
  officials: number;
  attendees: number;
  entries: number;
  reversals: number;
}

const HOUR = 3_600_000;

/** A one-page PDF with a few lines of ASCII text (the demo documents' files). */
export function textPdf(lines: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = `BT /F1 16 Tf 72 760 Td 22 TL ${lines.map((line) => `(${escape(line)}) '`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** An IBAN with its check digits (ISO 13616 mod 97) for a country and national account number. */
export function ibanOf(country: string, bban: string): string {
  const digits = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return `${country}${String(98 - rest).padStart(2, '0')}${bban}`;
}

const usernames = ['rider', 'multi', 'stable', 'organizer', 'merchant', 'employer', 'official', 'simpleuser'];

/**
 * Seeds the day on top of seedDemoShow (which set up the event, price list and the demo rider
 * with two horses). `now` is the seeding moment: every event happened before it, today.
 */
export async function seedShowDay(tx: Db, now: Date = new Date()): Promise<ShowDaySummary> {
  const rnd = random(20_261_124);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const between = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  /** A moment `hoursAgo` (fractional) before the seeding. */
  const ago = (hoursAgo: number) => new Date(now.getTime() - Math.round(hoursAgo * HOUR));

  const people = await tx
    .select({ id: users.id, username: users.username, roles: users.roles, venue: users.assignedVenueId })
    .from(users)
    .where(inArray(users.username, usernames));
  const userOf = (username: string): RequestUser => {
    const row = people.find((p) => p.username === username);
    if (!row) throw new Error(`demo user ${username} missing`);
    return { id: row.id, roles: row.roles as Role[], assignedVenueId: row.venue, impersonatorId: null };
  };
  const profileOf = async (table: typeof riders | typeof officials | typeof employers, username: string) => {
    const [row] = await tx
      .select({ id: table.id })
      .from(table)
      .innerJoin(users, eq(users.id, table.userId))
      .where(eq(users.username, username));
    if (!row) throw new Error(`profile of ${username} missing`);
    return row.id;
  };
  const rosa = await profileOf(riders, 'rider');
  const morgan = await profileOf(riders, 'multi');
  const odile = await profileOf(officials, 'official');
  const morganOfficial = await profileOf(officials, 'multi');
  const emil = await profileOf(employers, 'employer');
  const [simple] = rowsOf<{ id: number }>(
    await tx.execute(
      sql`SELECT s.id FROM simple_users s JOIN users u ON u.id = s.user_id WHERE u.username = 'simpleuser'`,
    ),
  );
  const [event] = await tx.select().from(venueEventCategories).where(eq(venueEventCategories.venueId, DEMO_VENUE.id));
  const items = await tx.select().from(consumables).where(eq(consumables.venueId, DEMO_VENUE.id));
  const itemOf = (category: Item) => items.find((c) => c.category === category)!;

  // Riders: 34 more besides Rosa and Morgan; the first five ride for the demo employer.
  const EMPLOYED = 5;
  const riderRows = await tx
    .insert(riders)
    .values(
      SHOW_DAY_RIDERS.map(([firstName, lastName, nationality], i) => ({
        firstName,
        lastName,
        nationality,
        email: `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '') + '@riders.demo',
        // A postal address in the rider's country: an invoice names its buyer's (EN 16931 BG-8).
        address: `Stallweg ${i + 1}`,
        postalCode: String(1000 + i),
        city: 'Demo',
        country: nationality,
        feiId: String(10_300_000 + i * 137),
        birthDate: `${1975 + ((i * 7) % 28)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + ((i * 3) % 28)).padStart(2, '0')}`,
        employmentStatus: i < EMPLOYED ? ('EMPLOYED' as const) : ('INDEPENDENT' as const),
      })),
    )
    .returning({ id: riders.id, firstName: riders.firstName, lastName: riders.lastName });
  await tx.insert(employments).values([
    ...riderRows
      .slice(0, EMPLOYED)
      .map((r) => ({ employerId: emil, riderId: r.id, status: 'confirmed' as const, dateFrom: '2025-01-01' })),
    // One rider asked to ride for the employer: the employer's list shows a request to answer.
    { employerId: emil, riderId: riderRows[EMPLOYED]!.id, status: 'pending' as const, dateFrom: null },
  ]);

  // Participations: the generated riders and Morgan (Rosa has hers from demo-show.ts).
  const [rosaParticipation] = await tx
    .select({ id: venueParticipations.id })
    .from(venueParticipations)
    .where(eq(venueParticipations.riderId, rosa));
  const arrivals = riderRows.map(() => 20 + rnd() * 14); // hours ago: they came yesterday or last night
  const entering = [
    ...riderRows.map((r, i) => ({ rider: r.id, employed: i < EMPLOYED })),
    { rider: morgan, employed: false },
  ];
  const participations = await tx
    .insert(venueParticipations)
    .values(
      entering.map((e, i) => ({
        venueId: DEMO_VENUE.id,
        riderId: e.rider,
        payerType: e.employed ? 'employer' : 'rider',
        payerId: e.employed ? emil : e.rider,
        arrivedAt: ago(arrivals[i] ?? 22),
      })),
    )
    .returning({ id: venueParticipations.id, riderId: venueParticipations.riderId });

  // Horses: two for every third rider, one for the others (head numbers from 103 on).
  const horseSpecs: { participation: number; rider: number; name: string; headNumber: number }[] = [];
  let head = 103;
  let h = 0;
  for (const [i, p] of participations.entries()) {
    const count = i % 3 === 0 ? 2 : 1;
    for (let n = 0; n < count && h < HORSE_NAMES.length; n++, h++)
      horseSpecs.push({ participation: p.id, rider: p.riderId, name: HORSE_NAMES[h]!, headNumber: head++ });
  }
  const horseRows = await tx
    .insert(horses)
    .values(
      horseSpecs.map((spec, i) => ({
        name: spec.name,
        feiId: `107${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + ((i * 7) % 26))}${String(10 + i).padStart(2, '0')}`,
        birthYear: 2010 + (i % 9),
        sex: HORSE_SEXES[i % HORSE_SEXES.length]!,
        colour: HORSE_COLOURS[(i * 3) % HORSE_COLOURS.length]!,
        breed: HORSE_BREEDS[(i * 5) % HORSE_BREEDS.length]!,
      })),
    )
    .returning({ id: horses.id });
  await tx.insert(riderHorses).values(
    horseSpecs.map((spec, i) => ({
      riderId: spec.rider,
      horseId: horseRows[i]!.id,
      ownerName: i % 4 === 0 ? 'Stal Hoeve B.V.' : '',
    })),
  );
  await tx.insert(participationHorses).values(
    horseSpecs.map((spec, i) => ({
      venueParticipationId: spec.participation,
      venueId: DEMO_VENUE.id,
      horseId: horseRows[i]!.id,
      headNumber: spec.headNumber,
    })),
  );
  await tx.insert(vecParticipations).values(
    horseSpecs.map((spec, i) => ({
      vecId: event!.id,
      venueParticipationId: spec.participation,
      horseId: horseRows[i]!.id,
      entryFeeMinor: event!.defaultEntryFeeMinor,
    })),
  );

  // Grooms: one for most riders (every fourth has two).
  const groomValues = participations.flatMap((p, i) =>
    i % 5 === 4
      ? []
      : Array.from({ length: i % 4 === 0 ? 2 : 1 }, (_, n) => {
          const [firstName, lastName] = GROOM_NAMES[(i + n * 3) % GROOM_NAMES.length]!;
          return { riderId: p.riderId, firstName, lastName: `${lastName}`, email: null };
        }),
  );
  await tx.insert(grooms).values(groomValues);

  // Officials: eight more, each with their function at the show; Odile and Morgan too.
  const officialRows = await tx
    .insert(officials)
    .values(
      OFFICIALS.map((o, i) => ({
        firstName: o.first,
        lastName: o.last,
        nationality: o.nationality,
        feiId: String(10_900_000 + i * 71),
        functions: [o.fn],
      })),
    )
    .returning({ id: officials.id });
  const startDate = DEMO_VENUE.startDate;
  const endDate = DEMO_VENUE.endDate;
  await tx.insert(officialParticipations).values([
    ...OFFICIALS.map((o, i) => ({
      venueId: DEMO_VENUE.id,
      officialId: officialRows[i]!.id,
      function: o.fn,
      dateFrom: startDate,
      dateTo: endDate,
      days: 4,
      dayRateMinor: o.fn === 'president_of_jury' ? 30_000 : 20_000,
      travelMinor: between(8, 40) * 1_000,
      perDiemMinor: 4_500,
    })),
    {
      venueId: DEMO_VENUE.id,
      officialId: odile,
      function: 'judge',
      dateFrom: startDate,
      dateTo: endDate,
      days: 4,
      dayRateMinor: 22_000,
      travelMinor: 18_500,
      perDiemMinor: 4_500,
      withholdingBp: 1_500,
    },
    {
      venueId: DEMO_VENUE.id,
      officialId: morganOfficial,
      function: 'steward',
      dateFrom: startDate,
      dateTo: endDate,
      days: 4,
      dayRateMinor: 18_000,
      travelMinor: 9_000,
      perDiemMinor: 4_500,
    },
  ]);

  // Team members: Rosa's trainer, the simple user's family member, a few with other riders.
  await tx.insert(teamMembers).values([
    {
      ownerType: 'rider',
      ownerId: rosa,
      venueId: DEMO_VENUE.id,
      role: 'trainer',
      firstName: 'Ulrich',
      lastName: 'Hagen',
      email: 'ulrich.hagen@team.demo',
    },
    {
      ownerType: 'rider',
      ownerId: rosa,
      venueId: DEMO_VENUE.id,
      role: 'horse_owner',
      firstName: 'Helmut',
      lastName: 'Auer',
      email: 'helmut.auer@team.demo',
    },
    ...(simple
      ? [
          {
            ownerType: 'simpleuser',
            ownerId: simple.id,
            venueId: DEMO_VENUE.id,
            role: 'family',
            firstName: 'Irena',
            lastName: 'Zajc',
            email: 'irena.zajc@team.demo',
          },
        ]
      : []),
  ]);

  // Bank accounts of the demo users' profiles (where payouts and refunds go).
  const [shop] = rowsOf<{ id: number }>(
    await tx.execute(sql`SELECT m.id FROM merchants m JOIN users u ON u.id = m.user_id WHERE u.username = 'merchant'`),
  );
  const accountsOf: [string, number | undefined, string, string, string][] = [
    ['rider', rosa, 'Rosa Rider', 'DE', '370400440532013000'],
    ['rider', morgan, 'Morgan Multi', 'GB', 'NWBK60161331926819'],
    ['employer', emil, 'Gestüt Arbeitgeber GmbH', 'DE', '500105175407324931'],
    ['official', odile, 'Odile Officielle', 'FR', '20041010050500013M02606'],
    ['simpleuser', simple?.id, 'Szymon Prosty', 'PL', '109010140000071219812874'],
    ['merchant', shop?.id, 'Selleria Mercante', 'IT', 'X0542811101000000123456'],
  ];
  await tx.insert(bankAccounts).values(
    accountsOf
      .filter(([, id]) => id !== undefined)
      .map(([ownerType, ownerId, holderName, country, bban]) => ({
        ownerType,
        ownerId: ownerId!,
        holderName,
        iban: ibanOf(country, bban),
        isDefault: true,
      })),
  );

  // Documents: a licence, a horse passport, an insurance policy, an identity card (small PDFs).
  const nextYear = `${Number(startDate.slice(0, 4)) + 1}-12-31`;
  const papers: [string, number | undefined, string, string, string, string | null][] = [
    ['rider', rosa, 'licence', 'FEI rider licence 2026', 'fei-licence-rosa-rider.pdf', nextYear],
    ['rider', rosa, 'passport', 'Quidam Blue', 'passport-quidam-blue.pdf', null],
    ['employer', emil, 'insurance', 'Haftpflicht 2026', 'haftpflicht-2026.pdf', nextYear],
    ['official', odile, 'licence', 'FEI judge licence', 'fei-judge-licence.pdf', nextYear],
    ['simpleuser', simple?.id, 'id', 'Dowód osobisty', 'dowod-osobisty.pdf', null],
  ];
  for (const [ownerType, ownerId, type, title, fileName, validUntil] of papers) {
    if (ownerId === undefined) continue;
    const bytes = textPdf([
      'Paddock demo document',
      fileName.replace(/\.pdf$/, ''),
      `Valid until ${validUntil ?? '-'}`,
    ]);
    const [file] = await tx
      .insert(mediaFiles)
      .values({
        contentType: 'application/pdf',
        fileName,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        dataBase64: bytes.toString('base64'),
      })
      .returning({ id: mediaFiles.id });
    await tx.insert(documents).values({
      ownerType,
      ownerId,
      type,
      title,
      validUntil,
      fileId: file!.id,
      fileName,
      contentType: 'application/pdf',
      size: bytes.length,
    });
  }

  // Attendees: the riders' grooms and team, press, staff, guests and spectators.
  const nameOf = (riderId: number) => {
    const r = riderRows.find((row) => row.id === riderId);
    return r ? `${r.firstName} ${r.lastName}` : riderId === morgan ? 'Morgan Multi' : 'Rosa Rider';
  };
  const attendeeValues = [
    ...groomValues.slice(0, 12).map((g, i) => ({
      firstName: g.firstName,
      lastName: g.lastName,
      kind: 'team_member',
      role: 'groom',
      organisation: nameOf(g.riderId),
      badge: `T-${String(i + 2).padStart(3, '0')}`,
    })),
    ...TEAM.map((m, i) => ({
      firstName: m.first,
      lastName: m.last,
      kind: 'team_member',
      role: m.role,
      organisation: nameOf(participations[i * 3]!.riderId),
      badge: `T-${String(i + 14).padStart(3, '0')}`,
    })),
    ...VISITORS.map((v, i) => ({
      firstName: v.first,
      lastName: v.last,
      kind: v.kind,
      role: null,
      organisation: v.organisation,
      badge: `${v.kind === 'press' ? 'P' : v.kind === 'staff' ? 'S' : 'G'}-${String(i + 2).padStart(3, '0')}`,
    })),
  ];
  const attendeeRows = await tx
    .insert(attendees)
    .values(attendeeValues.map((a) => ({ ...a, venueId: DEMO_VENUE.id })))
    .returning({ id: attendees.id });
  const allAttendees = await tx
    .select({ id: attendees.id })
    .from(attendees)
    .where(eq(attendees.venueId, DEMO_VENUE.id));

  const [welcome] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'welcomedesk'));
  const [signinUser] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'signin'));
  const [vetUser] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'vetcheck'));

  // Check-ins: most attendees came in this morning; a few went out again.
  const checkins: (typeof attendeeCheckins.$inferInsert)[] = [];
  for (const [i, a] of allAttendees.entries()) {
    if (i % 6 === 5) continue; // not here yet
    const inAt = 2 + rnd() * 7;
    checkins.push({
      venueId: DEMO_VENUE.id,
      attendeeId: a.id,
      action: 'in',
      occurredAt: ago(inAt),
      recordedAt: ago(inAt),
      recordedByUserId: welcome?.id ?? null,
    });
    if (i % 7 === 3) {
      const outAt = inAt - 0.5 - rnd();
      if (outAt > 0.1)
        checkins.push({
          venueId: DEMO_VENUE.id,
          attendeeId: a.id,
          action: 'out',
          occurredAt: ago(outAt),
          recordedAt: ago(outAt),
          recordedByUserId: welcome?.id ?? null,
        });
    }
  }
  await tx.insert(attendeeCheckins).values(checkins);

  // Sign-ins: all but a few riders signed in at the show office on arrival.
  const allParticipations = [{ id: rosaParticipation!.id, riderId: rosa }, ...participations];
  const signins: (typeof riderSignins.$inferInsert)[] = [];
  for (const [i, p] of allParticipations.entries()) {
    if (i % 8 === 7) continue;
    const at = ago(Math.max(0.5, (arrivals[i - 1] ?? 21) - 1 - rnd() * 8));
    signins.push({
      venueId: DEMO_VENUE.id,
      venueParticipationId: p.id,
      action: 'in',
      occurredAt: at,
      recordedAt: at,
      recordedByUserId: signinUser?.id ?? null,
    });
  }
  await tx.insert(riderSignins).values(signins);
  // The participation's signed_in_at follows its latest sign-in event, as events.repo sets it.
  await tx.execute(sql`UPDATE venue_participations p SET signed_in_at = s.at
    FROM (SELECT venue_participation_id AS id, max(occurred_at) AS at FROM rider_signins
      WHERE venue_id = ${DEMO_VENUE.id} AND action = 'in' GROUP BY venue_participation_id) s
    WHERE p.id = s.id`);

  // Vet inspections: most horses passed; some held for a second look, two failed.
  const allHorseEntries = await tx
    .select({ id: participationHorses.id, head: participationHorses.headNumber })
    .from(participationHorses)
    .where(eq(participationHorses.venueId, DEMO_VENUE.id));
  const inspections: (typeof vetInspections.$inferInsert)[] = [];
  // The vets write their notes in German, the language of the show's vet-check desk.
  const vets = ['Dr. Ursula Frei', 'Dr. Boris Jereb'];
  for (const [i, entry] of allHorseEntries.entries()) {
    if (entry.head === 101 || entry.head === 102 || i % 9 === 8) continue; // not yet inspected
    const at = 3 + rnd() * 4;
    const status = i % 17 === 5 ? 'failed' : i % 7 === 3 ? 'held' : 'passed';
    const notes =
      status === 'failed' ? 'Lahm vorne links (2/5)' : status === 'held' ? 'Nachkontrolle: Wärme hinten rechts' : '';
    inspections.push({
      venueId: DEMO_VENUE.id,
      participationHorseId: entry.id,
      status,
      notes,
      inspector: vets[i % 2]!,
      occurredAt: ago(at),
      recordedAt: ago(at),
      recordedByUserId: vetUser?.id ?? null,
    });
    if (status === 'held' && i % 2 === 0)
      inspections.push({
        venueId: DEMO_VENUE.id,
        participationHorseId: entry.id,
        status: 'passed',
        notes: 'Bei Nachkontrolle ohne Befund',
        inspector: vets[i % 2]!,
        occurredAt: ago(at - 1.5),
        recordedAt: ago(at - 1.5),
        recordedByUserId: vetUser?.id ?? null,
      });
  }
  await tx.insert(vetInspections).values(inspections);

  // Money: through the ledger's own steps, collected and then written in one statement.
  const stable = userOf('stable');
  const office = userOf('organizer');
  const ledger = createSeedLedger(tx, office);
  const merchantUser = userOf('merchant');
  const horsesOf = new Map<number, number>();
  for (const spec of horseSpecs) horsesOf.set(spec.rider, (horsesOf.get(spec.rider) ?? 0) + 1);
  horsesOf.set(rosa, 2);
  const riderIds = [rosa, ...participations.map((p) => p.riderId)];
  for (const [i, rider] of riderIds.entries()) {
    const n = horsesOf.get(rider) ?? 1;
    const arrived = i === 0 ? 22 : (arrivals[i - 1] ?? 22);
    // On arrival: the boxes for the show and the truck's electricity and parking.
    await ledger.charge(office, rider, itemOf('box'), n, ago(arrived - 0.2), 'office');
    if (i % 3 !== 1) await ledger.charge(stable, rider, itemOf('electricity'), 1, ago(arrived - 0.3));
    if (i % 2 === 0) await ledger.charge(stable, rider, itemOf('parking'), 2, ago(arrived - 0.35));
    // Entry fees, one per horse, for the event.
    await ledger.post(office, {
      kind: 'charge',
      partyType: 'rider',
      partyId: rider,
      vecId: event!.id,
      category: 'entry_fee',
      description: event!.name,
      quantity: n,
      unitPrice: event!.defaultEntryFeeMinor,
      occurredAt: ago(arrived - 0.25),
      source: 'office',
    });
    // Through the day: shavings and hay from the stable.
    const rounds = between(1, 3);
    for (let r = 0; r < rounds; r++) {
      const at = 0.2 + rnd() * 9;
      await ledger.charge(stable, rider, itemOf(rnd() < 0.55 ? 'shavings' : 'hay'), between(1, 2 + n), ago(at));
    }
    // Some paid in advance by bank transfer.
    if (i % 4 === 1)
      await ledger.post(office, {
        kind: 'payment',
        partyType: 'rider',
        partyId: rider,
        description: `SEPA PC-2026-${String(1000 + i).padStart(4, '0')}`,
        category: 'other',
        quantity: 1,
        unitPrice: 50_000,
        occurredAt: ago(26),
        source: 'office',
      });
  }
  // The saddlery's sales of the day.
  for (let s = 0; s < 26; s++) {
    const [description, price] = pick(MERCHANT_ITEMS);
    const rider = s % 6 === 0 ? rosa : pick(riderIds);
    await ledger.post(merchantUser, {
      kind: 'sale',
      partyType: 'rider',
      partyId: rider,
      description,
      quantity: description.startsWith('Spazzola') ? 2 : 1,
      unitPrice: price,
      occurredAt: ago(0.3 + rnd() * 8),
      source: 'merchant',
    });
  }
  // The simple user (a parent with a rider's family) parks and buys from the saddlery: the
  // show is theirs (their assigned venue), so the show's office and merchants may post to them.
  if (simple) {
    await tx.update(users).set({ assignedVenueId: DEMO_VENUE.id }).where(eq(users.username, 'simpleuser'));
    await ledger.post(office, {
      kind: 'charge',
      partyType: 'simpleuser',
      partyId: simple.id,
      consumableId: itemOf('parking').id,
      quantity: 2,
      occurredAt: ago(6),
      source: 'office',
    });
    await ledger.post(merchantUser, {
      kind: 'sale',
      partyType: 'simpleuser',
      partyId: simple.id,
      description: MERCHANT_ITEMS[4]![0],
      quantity: 1,
      unitPrice: MERCHANT_ITEMS[4]![1],
      occurredAt: ago(4),
      source: 'merchant',
    });
  }
  // Corrections: a shavings charge entered twice and taken back, a hay quantity edited.
  const stableEntries = ledger.floorCharges;
  const reversed = [stableEntries[3]!, stableEntries[17]!, stableEntries[40]!];
  for (const entry of reversed.slice(0, 2)) ledger.reverse(office, entry, now);
  const edited = stableEntries.find((e, i) => i > 20 && e.values.category === 'hay') ?? stableEntries[25]!;
  ledger.reverse(office, edited, now);
  await ledger.post(office, {
    kind: 'charge',
    partyType: edited.values.partyType as PartyType,
    partyId: edited.values.partyId,
    keptBeneficiaryRiderId: edited.values.beneficiaryRiderId,
    consumableId: edited.values.consumableId,
    quantity: edited.values.quantity + 1,
    occurredAt: edited.values.occurredAt,
    source: 'stable',
    replacesId: edited.id,
  });

  const written = await ledger.write(office);
  // The officials' compensation: a bill for each official participation, issued by the show
  // office; each bill credits what the venue owes the official (compensation-issue.ts).
  const issuing = seedRequest(office);
  const officialParticipationIds = await tx
    .select({ id: officialParticipations.id })
    .from(officialParticipations)
    .where(eq(officialParticipations.venueId, DEMO_VENUE.id))
    .orderBy(officialParticipations.id);
  for (const { id } of officialParticipationIds) await issueBill(tx, issuing, id, { occurredAt: ago(10) });
  return {
    riders: riderRows.length,
    horses: horseRows.length,
    grooms: groomValues.length,
    officials: officialRows.length,
    attendees: attendeeRows.length,
    entries: written.entries,
    reversals: written.reversals,
  };
}

/** The request the seed's writes are recorded with (audit rows): the demo user, from the seed. */
const seedRequest = (user: RequestUser) =>
  ({ user, ip: '127.0.0.1', headers: { 'user-agent': 'paddock demo seed' } }) as unknown as FastifyRequest;

interface PostSpec {
  kind: PostableKind;
  partyType: PartyType;
  partyId: number;
  keptBeneficiaryRiderId?: number | null;
  consumableId?: number | null;
  vecId?: number | null;
  category?: string;
  description?: string;
  quantity: number;
  unitPrice?: number;
  occurredAt: Date;
  source: TransactionSource;
  replacesId?: number | null;
}

/** The ledger's posting steps for many entries in one database transaction, written at the end. */
function createSeedLedger(tx: Db, office: RequestUser) {
  const entries: JournalEntry[] = [];
  const lines: PostingLine[] = [];
  const totals: AccountDelta[] = [];
  const contexts = new Map<string, EntryContext>();
  let reversals = 0;
  let nextId = 0;
  let ids: number[] = [];

  /** Fresh transaction ids, drawn from the sequence as the API draws them. */
  async function idOf(): Promise<number> {
    if (nextId >= ids.length) {
      const rows = rowsOf<{ id: string }>(
        await tx.execute(sql`SELECT nextval('transactions_id_seq')::text AS id FROM generate_series(1, 200)`),
      );
      ids = rows.map((r) => Number(r.id));
      nextId = 0;
    }
    return ids[nextId++]!;
  }

  async function post(user: RequestUser, p: PostSpec): Promise<JournalEntry> {
    const spec: EntrySpec = {
      venueId: DEMO_VENUE.id,
      kind: p.kind,
      partyType: p.partyType,
      partyId: p.partyId,
      keptBeneficiaryRiderId: p.keptBeneficiaryRiderId,
      consumableId: p.consumableId ?? null,
      vecId: p.vecId ?? null,
      category: p.category,
      description: p.description,
      quantity: p.quantity,
      unitPrice: p.unitPrice,
      taxTypeId: null,
      merchantId: null,
      source: p.source,
      deviceId: null,
      occurredAt: p.occurredAt,
      idempotencyKey: null,
      replacesId: p.replacesId ?? null,
    };
    if (p.keptBeneficiaryRiderId === undefined) delete spec.keptBeneficiaryRiderId;
    const contextOf = async (poster: RequestUser) => {
      const query = contextQueryOf(poster, spec, null);
      const key = JSON.stringify({ ...query, occurredAt: query.occurredAt.toISOString().slice(0, 10) });
      let context = contexts.get(key);
      if (!context) {
        context = (await loadContext(tx, query)).context;
        contexts.set(key, context);
      }
      return context;
    };
    let poster = user;
    let context = await contextOf(poster);
    // Boxes and electricity of the riders who came the day before the show: the stable posts
    // only while the show is on, so the show office entered those.
    if (p.source === 'stable' && context.venue && !withinShowDays(spec.occurredAt, context.venue)) {
      poster = office;
      spec.source = 'office';
      context = await contextOf(poster);
    }
    const resolved = await resolveEntry(tx, poster, spec, context);
    const entry: JournalEntry = {
      id: await idOf(),
      values: { ...resolved.values, recordedAt: p.occurredAt },
      lines: postingLines(resolved.figures),
    };
    entries.push(entry);
    lines.push(...entry.lines);
    totals.push(...totalsOf(resolved.figures, 1));
    return entry;
  }

  /** The stable's charges of the day, whoever entered them (the office those before the show). */
  const floorCharges: JournalEntry[] = [];

  return {
    entries,
    floorCharges,
    post,
    /** A stable (or office) charge of a price-list item to a rider. */
    charge: async (
      user: RequestUser,
      rider: number,
      item: { id: number },
      quantity: number,
      occurredAt: Date,
      source: TransactionSource = 'stable',
    ) => {
      const entry = await post(user, {
        kind: 'charge',
        partyType: 'rider',
        partyId: rider,
        consumableId: item.id,
        quantity,
        occurredAt,
        source,
      });
      if (source === 'stable') floorCharges.push(entry);
      return entry;
    },

    /** The reversal of an entry posted here, as the API's correction posts it. */
    reverse(user: RequestUser, entry: JournalEntry, at: Date): void {
      const row = {
        ...entry.values,
        id: entry.id,
        invoiceId: null,
        reversalOfId: null,
        externalRef: null,
        floorSeq: 0,
      } as TransactionRow;
      const values = reversalValues(row, user, null, null);
      const reversal: JournalEntry = {
        id: 0,
        values: {
          ...values,
          occurredAt: new Date(at.getTime() - 20 * 60_000),
          recordedAt: new Date(at.getTime() - 20 * 60_000),
        },
        lines: negatedLines(entry.lines),
      };
      entries.push(reversal);
      lines.push(...reversal.lines);
      totals.push(...totalsOf(figuresOf(row), -1));
      reversals++;
    },

    /** Writes every entry with its postings and the accounts' running totals, in one statement. */
    async write(user: RequestUser): Promise<{ entries: number; reversals: number }> {
      for (const entry of entries) if (entry.id === 0) entry.id = await idOf();
      await writeJournal(tx, seedRequest(user), {
        venueId: DEMO_VENUE.id,
        entries,
        deltas: accountDeltas(lines, totals),
        audit: { action: 'demo.show_day', details: { venue: DEMO_VENUE.id, entries: entries.length } },
      });
      return { entries: entries.length, reversals };
    },
  };
}
