import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { camt053, multipart } from './bank-statements-fixtures';
import { useSeededServer } from './helpers/use-server';
import {
  SECOND_VENUE_STAFF,
  idempotencyKey,
  seedTenancyFixtures,
  venueOneDigest,
  venueOneIds,
} from './tenancy-fixtures';

/*
 * The wall between venues, walked route by route. Every operation of the OpenAPI document is
 * called as each member of a second venue's staff, with the ids of the first venue's people,
 * rows and files in its path, query and body. An answer of 2xx to a request that names venue 1,
 * an answer that carries any personal data of venue 1's people, or any change to venue 1's
 * data fails the walk. The list of operations is read from the running server, so a route
 * added later is walked the day it lands.
 */

interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  minItems?: number;
  minLength?: number;
  pattern?: string;
  nullable?: boolean;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/**
 * Answers that cross nothing by design, with the reason: a 2xx to these is no crossing (the
 * answer is still searched for venue 1's personal data).
 */
const NO_CROSSING_BY_DESIGN: Record<string, string> = {
  'GET /api/v1/transaction/':
    'a party reads its own entries: the list is always narrowed to what the caller may read (visibility.ts), a filter naming another venue only narrows it further',
  'GET /api/v1/venue/{id}/live.webmanifest': 'the public live page of every show installs as an app',
  'GET /api/v1/venue/{id}/preshow/': 'the preshow page a visitor opens from the show’s link (venue name and dates)',
  'GET /api/v1/venue/public/': 'the list of shows open to the public',
  'GET /api/v1/venue/check_hostname/': 'whitelabel host lookup before sign-in',
  'POST /api/v1/rider/checkRiderExists/': 'a neutral “exists” hint, rate-limited, no data',
  'POST /api/v1/rider/getByEmail/': 'exact-match lookup to enrol a new person: name and id only',
  'POST /api/v1/rider/getByFEIId/': 'exact-match lookup to enrol a new person: name and id only',
  'POST /api/v1/rider/getByNationalID/': 'exact-match lookup to enrol a new person: name and id only',
};

/**
 * Answers that decide several writes, each with its own outcome: a 2xx answer crosses only when
 * one of its writes was accepted (the floor's batched push answers 200 with each write refused).
 */
const PER_WRITE_OUTCOMES: Record<string, (body: unknown) => boolean> = {
  'POST /api/v1/floor/writes/': (body) =>
    ((body as { results?: { outcome: string }[] }).results ?? []).some(
      (r) => r.outcome === 'created' || r.outcome === 'replayed',
    ),
};

/** Path segment before a parameter → the name of the venue-1 row it takes. */
const RESOURCE_OF_SEGMENT: Record<string, string> = {
  venue: 'venue',
  venueEventCategory: 'venueEventCategory',
  competition: 'competition',
  consumable: 'consumable',
  emailTemplate: 'emailTemplate',
  venueBankAccount: 'venueBankAccount',
  venueParticipation: 'venueParticipation',
  vecParticipation: 'vecParticipation',
  officialParticipation: 'officialParticipation',
  horse: 'horse',
  horses: 'horse',
  rider: 'rider',
  groom: 'groom',
  employer: 'employer',
  official: 'official',
  simpleuser: 'simpleuser',
  merchant: 'merchant',
  bankAccount: 'bankAccount',
  document: 'document',
  teamMember: 'teamMember',
  attendee: 'attendee',
  transaction: 'transaction',
  jobs: 'jobs',
  invoice: 'invoice',
  compensationBill: 'compensationBill',
  user: 'user',
  users: 'user',
  cardPayments: 'cardPayment',
  payoutBatch: 'payoutBatch',
  bankStatementLine: 'bankStatementLine',
  competitionEntry: 'competitionEntry',
  device: 'device',
  syncConflict: 'syncConflict',
  reports: 'venue',
  selfCheckout: 'venue',
};

/** The kinds of rows venue 2 has of its own: in the walk at its own venue these are its own. */
const OWN_ROW_KINDS = new Set(['venue', 'venueEventCategory', 'consumable', 'competition']);

/** Body and query fields → the name of the venue-1 row they take. */
const RESOURCE_OF_FIELD: Record<string, string> = {
  venue: 'venue',
  venue_id: 'venue',
  from_venue: 'venue',
  to_venue: 'venue',
  party_id: 'rider',
  rider: 'rider',
  rider_id: 'rider',
  horse: 'horse',
  employer: 'employer',
  official: 'official',
  merchant: 'merchant',
  consumable: 'consumable',
  vec: 'venueEventCategory',
  event_category: 'venueEventCategory',
  competition: 'competition',
  participation: 'venueParticipation',
  venue_participation: 'venueParticipation',
  venueParticipationID: 'venueParticipation',
  participation_horse: 'participation_horse',
  vec_participation: 'vecParticipation',
  attendee: 'attendee',
  transaction: 'transaction',
  invoice: 'invoice',
  user: 'user',
  user_id: 'user',
  groom: 'groom',
  debtor_account: 'venueBankAccount',
  into: 'horse',
  id: 'transaction',
};

describe('the wall between venues: every route as the staff of a second venue', () => {
  const { server, f, call } = useSeededServer(seedTenancyFixtures);
  let docCache: Document | undefined;

  async function openApi(): Promise<Document> {
    if (!docCache) {
      const res = await server().app.inject({ url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      docCache = res.json<Document>();
    }
    return docCache;
  }

  /** Rows of venue 1 that the demo seed does not write: an invoice, a job run, a payout batch, a statement. */
  async function venueOneDocuments(): Promise<void> {
    const participation = f.ids.venueParticipation;
    if (process.env.TENANCY_DEBUG) console.error(JSON.stringify(f.ids));
    const invoice = await call(
      'organizer',
      'GET',
      `/api/v1/venue/1/generateInvoice/?venueParticipationID=${participation}`,
    );
    expect(invoice.statusCode, invoice.body).toBe(201);
    const batch = await server().app.inject({
      method: 'POST',
      url: '/api/v1/venue/1/payouts/',
      headers: { ...(await server().auth('organizer')), 'idempotency-key': idempotencyKey() },
      payload: {
        payees: 'all',
        debtor_account: f.ids.venueBankAccount,
        execution_date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect([201, 400], batch.body).toContain(batch.statusCode);
    const statement = multipart(camt053({ entries: [{ amount: 1234, text: 'Unknown transfer' }] }));
    const imported = await server().app.inject({
      method: 'POST',
      url: '/api/v1/venue/1/bankStatements/',
      headers: { ...(await server().auth('organizer')), ...statement.headers },
      payload: statement.payload,
    });
    expect(imported.statusCode, imported.body).toBeLessThan(300);
  }

  async function refreshIds(): Promise<void> {
    const fresh = await venueOneIds(server().database.db);
    Object.assign(f.ids, fresh);
  }

  /**
   * Two walks per role: every id of venue 1 (the venue itself included), and the caller's own
   * venue with venue 1's people, rows and files (a charge at one's own show to another show's
   * rider). In the second, enrolling a person found by exact lookup is the one legitimate use of
   * another show's person: those routes are left out of it (their rules are tested on their own).
   */
  const ENROLMENT = new Set([
    'POST /api/v1/venueParticipation/',
    'POST /api/v1/officialParticipation/',
    'POST /api/v1/vecParticipation/',
    'POST /api/v1/venue/{id}/merchants/',
  ]);
  for (const role of SECOND_VENUE_STAFF) {
    it(`as the ${role} of venue 2, no route reads or writes venue 1`, async () => {
      const doc = await openApi();
      await venueOneDocuments();
      await refreshIds();
      const db = server().database.db;
      const digest = await venueOneDigest(db, f.before);
      const crossings: string[] = [];
      const timings: [number, string][] = [];
      const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
      );
      // reads first, then writes, deletes last: a write that got through would change what later reads see
      const order = (m: string) => (m === 'GET' ? 0 : m === 'DELETE' ? 2 : 1);
      operations.sort((a, b) => order(a.method) - order(b.method));
      expect(operations.length).toBeGreaterThan(300);
      const authorization = `Bearer ${await server().login(f.staff[role])}`;

      walk: for (const ownVenue of [false, true]) {
        const ids = ownVenue ? { ...f.ids, ...f.ownRows } : f.ids;
        for (const { path, method, op } of operations) {
          const label = `${method} ${path}`;
          if (
            path.startsWith('/api/token/') ||
            path.startsWith('/_passwordReset/') ||
            path === '/api/auth/user/logout/'
          )
            continue; // the caller's own session: covered by the session tests
          if (ownVenue && ENROLMENT.has(label)) continue;
          // a write is sent twice: a lean body (required fields and the rows it names) and a full one
          for (const lean of method === 'GET' ? [false] : [true, false]) {
            const request = buildRequest(doc, path, method, op, ids, ownVenue, lean);
            // at its own venue, a request that names nothing of venue 1 was already judged in the first walk
            if (ownVenue && !request.namesInPath && !request.namesElsewhere) continue;
            if (
              lean &&
              JSON.stringify(request.body) ===
                JSON.stringify(buildRequest(doc, path, method, op, ids, ownVenue, false).body)
            )
              continue; // the full body is the same request
            const started = performance.now();
            const res: LightMyRequestResponse = await server().app.inject({
              method: method as 'GET',
              url: request.url,
              headers: {
                authorization,
                'idempotency-key': idempotencyKey(),
                ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
              },
              payload: request.body === undefined ? undefined : JSON.stringify(request.body),
            });
            if (process.env.TENANCY_DEBUG) timings.push([performance.now() - started, label]);
            // A list filtered at one's own venue by another show's id may answer (empty): only its
            // content is judged. Anything else that names venue 1 must be refused.
            const crosses = request.namesInPath || (request.namesElsewhere && (method !== 'GET' || !ownVenue));
            const accepted = PER_WRITE_OUTCOMES[label]?.(res.json()) ?? res.statusCode < 300;
            if (res.statusCode < 300 && accepted && crosses && !NO_CROSSING_BY_DESIGN[label])
              crossings.push(
                `${label} → ${res.statusCode} (${request.url}${request.body === undefined ? '' : ` ${JSON.stringify(request.body).slice(0, 200)}`})`,
              );
            const text = res.rawPayload.toString('latin1');
            const leaked = f.markers.filter((m) => text.includes(m));
            if (leaked.length)
              crossings.push(`${label} → ${res.statusCode} carries venue 1's ${leaked.slice(0, 3).join(', ')}`);
            // an accepted write is checked at once; refused ones (which must change nothing too) once at the end
            if (method !== 'GET' && res.statusCode < 300 && (await venueOneDigest(db, f.before)) !== digest) {
              crossings.push(`${label} → ${res.statusCode} changed venue 1's data (${request.url})`);
              break walk; // every later answer would be judged against changed data
            }
            expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          }
        }
      }
      if (process.env.TENANCY_DEBUG)
        console.error(
          timings
            .sort((a, b) => b[0] - a[0])
            .slice(0, 8)
            .map(([ms, l]) => `${ms.toFixed(0)} ms ${l}`),
        );
      if (!crossings.length && (await venueOneDigest(db, f.before)) !== digest)
        crossings.push(`a refused write changed venue 1's data`);
      expect(crossings).toEqual([]);
    });
  }
});

/** The request of an operation, with venue 1's ids wherever a path, query or body names a row. */
function buildRequest(
  doc: Document,
  path: string,
  method: string,
  op: Operation,
  ids: Record<string, number | string>,
  ownVenue: boolean,
  lean: boolean,
): { url: string; body: unknown; namesInPath: boolean; namesElsewhere: boolean } {
  let namesInPath = false;
  let namesVenueOne = false;
  /** Whether a row named by the request is venue 1's (the caller's own venue is not). */
  const isVenueOne = (resource: string | null) => resource !== null && !(ownVenue && OWN_ROW_KINDS.has(resource));
  const segments = path.split('/');
  const url = segments
    .map((segment, i) => {
      const param = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (!param) return segment;
      const previous = segments[i - 1] ?? '';
      const resource =
        param === 'venueId'
          ? 'venue'
          : param === 'horseId'
            ? 'horse'
            : param === 'userId'
              ? 'user'
              : param === 'format'
                ? null
                : (RESOURCE_OF_SEGMENT[previous] ?? RESOURCE_OF_SEGMENT[segments[i - 2] ?? ''] ?? null);
      if (param === 'format') return 'pdf';
      if (param === 'code') return previous === 'currency' ? 'EUR' : previous === 'country' ? 'SI' : 'x';
      const id = resource ? ids[resource] : undefined;
      if (id !== undefined && isVenueOne(resource)) namesInPath = true;
      return String(id ?? 1);
    })
    .join('/');
  const query = new URLSearchParams();
  for (const p of op.parameters ?? []) {
    if (p.in !== 'query') continue;
    const resource = RESOURCE_OF_FIELD[p.name];
    const id = resource ? ids[resource] : undefined;
    if (id !== undefined) {
      query.set(p.name, String(id));
      if (isVenueOne(resource ?? null)) namesVenueOne = true;
    } else if (p.required) query.set(p.name, String(sample(doc, p.schema ?? {}, p.name, ids, 0).value));
  }
  const schema = op.requestBody?.content?.['application/json']?.schema;
  let body: unknown;
  if (schema && method !== 'GET') {
    const built = sample(doc, schema, '', ids, 0, ownVenue, lean);
    body = built.value;
    if (built.namesVenueOne) namesVenueOne = true;
  }
  const qs = query.toString();
  return { url: qs ? `${url}?${qs}` : url, body, namesInPath, namesElsewhere: namesVenueOne };
}

function resolve(doc: Document, schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop()!;
  return doc.components?.schemas?.[name] ?? {};
}

/** A value for a schema: venue 1's ids for fields that name a row, plain valid values otherwise. */
function sample(
  doc: Document,
  raw: Schema,
  field: string,
  ids: Record<string, number | string>,
  depth: number,
  ownVenue = false,
  lean = false,
): { value: unknown; namesVenueOne: boolean } {
  const schema = resolve(doc, raw);
  const resource = RESOURCE_OF_FIELD[field];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) {
    // prefer the object or array form of a union (a bulk create's single row, a payee list)
    const pick = branches.find((b) => resolve(doc, b).type === 'object') ?? branches[0]!;
    return sample(doc, pick, field, ids, depth, ownVenue, lean);
  }
  if (schema.allOf?.length) return sample(doc, schema.allOf[0]!, field, ids, depth, ownVenue, lean);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (schema.enum?.length) return { value: schema.enum[0], namesVenueOne: false };
  if ((type === 'integer' || type === 'number') && resource && ids[resource] !== undefined)
    return { value: ids[resource], namesVenueOne: !(ownVenue && OWN_ROW_KINDS.has(resource)) };
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      let namesAny = false;
      if (depth > 4) return { value, namesVenueOne: false };
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        // a lean body: what the schema requires and the rows it names (a merchant only where required)
        const names = key in RESOURCE_OF_FIELD && key !== 'merchant';
        if (lean && !schema.required?.includes(key) && !names) continue;
        const built = sample(doc, prop, key, ids, depth + 1, ownVenue, lean);
        value[key] = built.value;
        namesAny ||= built.namesVenueOne;
      }
      return { value, namesVenueOne: namesAny };
    }
    case 'array': {
      const item = sample(doc, schema.items ?? {}, field, ids, depth + 1, ownVenue, lean);
      return { value: [item.value], namesVenueOne: item.namesVenueOne };
    }
    case 'integer':
    case 'number':
      return { value: Math.max(1, schema.minimum ?? 1), namesVenueOne: false };
    case 'boolean':
      return { value: false, namesVenueOne: false };
    case 'string': {
      if (schema.format === 'date-time') return { value: new Date().toISOString(), namesVenueOne: false };
      if (schema.format === 'date') return { value: new Date().toISOString().slice(0, 10), namesVenueOne: false };
      if (schema.format === 'email' || field.includes('email'))
        return { value: 'nobody@second.test', namesVenueOne: false };
      if (schema.format === 'uuid') return { value: idempotencyKey(), namesVenueOne: false };
      return { value: 'x'.repeat(Math.max(1, schema.minLength ?? 1)), namesVenueOne: false };
    }
    default:
      return { value: null, namesVenueOne: false };
  }
}
