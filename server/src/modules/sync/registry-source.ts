import { z } from 'zod';
import { AppError, fieldError } from '../../app-error';
import type { Config } from '../../config';

/*
 * The national federation's registry behind an adapter (DOMAIN.md "Sync from another
 * system"). A RegistrySource yields the registry's export; two of them: over HTTP, or an uploaded
 * file. The export is JSON:
 *
 *   { "page": 1, "pages": 3,                       (HTTP only: pages are 1-based; a file is one page)
 *     "clubs":     [ { "id": "C-17", "name": "RV Seeland", "city": "Biel", "country": "SUI" } ],
 *     "riders":    [ { "id": "R-1001", "fei_id": "10012345", "national_id": "CH-4711",
 *                      "first_name": "Anna", "last_name": "Muster", "email": "anna@example.ch",
 *                      "nationality": "SUI", "birth_date": "1994-03-02", "club": "C-17" } ],
 *     "horses":    [ { "id": "H-2001", "fei_id": "105IG70", "national_id": "756009876543210",
 *                      "name": "Quidam", "birth_year": 2014, "sex": "gelding", "colour": "bay",
 *                      "breed": "CH-Warmblut" } ],
 *     "officials": [ { "id": "O-3001", "fei_id": "10054321", "national_id": "CH-0815",
 *                      "first_name": "Eva", "last_name": "Richter", "email": "eva@example.ch",
 *                      "nationality": "SUI", "functions": ["judge", "steward"] } ] }
 *
 * `id` is the registry's own id of a record (required, unique per list); every other field may be
 * null or missing. Over HTTP: GET {REGISTRY_URL}/export?page=N, HTTP Basic with REGISTRY_USER and
 * REGISTRY_PASSWORD (a password alone is sent as a bearer token), each request within
 * REGISTRY_TIMEOUT_MS. A registry that does not answer, answers an error, or answers something
 * that is not this shape → registry_unavailable; an uploaded file that is not an export at all →
 * field `file: not_registry_export`, an export with a broken record → `file: invalid`.
 */

const MAX_PAGES = 1000;
const MAX_RECORDS = 200_000;

const text = (max: number) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => {
      const s = v === null || v === undefined ? '' : String(v).trim();
      return s === '' ? null : s;
    })
    .pipe(z.string().max(max).nullable());

const id = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1).max(64));

/** What every record but a club has: the registry's id, the FEI id and the national id. */
const identified = { id, fei_id: text(20), national_id: text(40) };
/** A person's (rider's or official's) common fields. */
const person = {
  ...identified,
  first_name: text(120),
  last_name: text(120),
  email: text(254),
  nationality: text(3),
};

const club = z.object({ id, name: text(200), city: text(120), country: text(3) });
const rider = z.object({
  ...person,
  birth_date: text(10).pipe(z.iso.date().nullable()),
  club: text(64),
});
const horse = z.object({
  ...identified,
  name: text(200),
  birth_year: text(4).pipe(
    z
      .string()
      .regex(/^(19|20)\d\d$/)
      .nullable(),
  ),
  sex: text(20),
  colour: text(40),
  breed: text(80),
});
const official = z.object({
  ...person,
  functions: z
    .array(z.string().trim().min(1).max(40))
    .max(20)
    .nullish()
    .transform((list) => (list?.length ? [...new Set(list)].sort().join(',') : null)),
});

const page = z.object({
  page: z.number().int().min(1).optional(),
  pages: z.number().int().min(1).max(MAX_PAGES).optional(),
  clubs: z.array(club).max(MAX_RECORDS).default([]),
  riders: z.array(rider).max(MAX_RECORDS).default([]),
  horses: z.array(horse).max(MAX_RECORDS).default([]),
  officials: z.array(official).max(MAX_RECORDS).default([]),
});

/** A record as the sync compares it: the registry's id and every field as text (null: empty). */
export type RegistryRecord = { id: string } & Record<string, string | null>;

export interface RegistryExport {
  clubs: RegistryRecord[];
  riders: RegistryRecord[];
  horses: RegistryRecord[];
  officials: RegistryRecord[];
}

export const EXPORT_LISTS = ['clubs', 'riders', 'horses', 'officials'] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];

export interface RegistrySource {
  /** The whole export (every page), checked. */
  fetchExport(): Promise<RegistryExport>;
}

/** Ids, FEI ids and horses' names must allow one record per id; null when they do. */
function problemOf(data: RegistryExport): string | null {
  for (const list of EXPORT_LISTS) {
    for (const key of ['id', 'fei_id'] as const) {
      const seen = new Set<string>();
      for (const record of data[list]) {
        const value = record[key];
        if (value === null || value === undefined) continue;
        if (seen.has(value)) return `${list}: ${key} ${value} twice`;
        seen.add(value);
      }
    }
  }
  if (data.horses.some((h) => !h.name)) return 'horses: a horse without a name';
  if (data.clubs.some((c) => !c.name)) return 'clubs: a club without a name';
  return null;
}

function merge(pages: z.infer<typeof page>[]): RegistryExport {
  const out: RegistryExport = { clubs: [], riders: [], horses: [], officials: [] };
  for (const p of pages) for (const list of EXPORT_LISTS) out[list].push(...(p[list] as RegistryRecord[]));
  return out;
}

/**
 * Whether parsed JSON is the registry's export at all: an object with at least one of the
 * export's lists, and records that carry the registry's id. Anything else (another program's
 * JSON, an empty export) would otherwise be "synced" as a registry without a single record.
 */
function isRegistryExport(parsed: unknown): boolean {
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return false;
  const lists = EXPORT_LISTS.map((list) => (parsed as Record<string, unknown>)[list]).filter(Array.isArray);
  const records = lists.flat() as unknown[];
  return records.some((r) => !!r && typeof r === 'object' && 'id' in r && (r as { id: unknown }).id != null);
}

/**
 * An uploaded export (one page of the format above). A file that is not one — not JSON, or JSON
 * of something else — is `file: not_registry_export`; an export with a broken record is
 * `file: invalid`.
 */
export function fileRegistrySource(bytes: Buffer): RegistrySource {
  return {
    async fetchExport() {
      let parsed: unknown;
      try {
        parsed = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
      } catch {
        throw fieldError('file', 'not_registry_export');
      }
      if (!isRegistryExport(parsed)) throw fieldError('file', 'not_registry_export');
      const result = page.safeParse(parsed);
      if (!result.success) throw fieldError('file', 'invalid');
      const data = merge([result.data]);
      if (problemOf(data)) throw fieldError('file', 'invalid');
      return data;
    },
  };
}

/** The registry's export over HTTP, page by page (see the top of this file). */
export function httpRegistrySource(registry: NonNullable<Config['registry']>): RegistrySource {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (registry.user)
    headers.authorization = `Basic ${Buffer.from(`${registry.user}:${registry.password ?? ''}`).toString('base64')}`;
  else if (registry.password) headers.authorization = `Bearer ${registry.password}`;
  const base = registry.url.replace(/\/+$/, '');

  async function getPage(n: number): Promise<z.infer<typeof page>> {
    try {
      const response = await fetch(`${base}/export?page=${n}`, {
        headers,
        signal: AbortSignal.timeout(registry.timeoutMs),
        redirect: 'error',
      });
      if (!response.ok) throw new Error(`registry answered ${response.status}`);
      const result = page.safeParse(await response.json());
      if (!result.success) throw new Error('registry answered another shape');
      if ((result.data.page ?? n) !== n) throw new Error('registry answered another page');
      return result.data;
    } catch {
      throw new AppError('registry_unavailable');
    }
  }

  return {
    async fetchExport() {
      const first = await getPage(1);
      const pages = [first];
      for (let n = 2; n <= (first.pages ?? 1); n++) pages.push(await getPage(n));
      const data = merge(pages);
      if (problemOf(data) || EXPORT_LISTS.some((l) => data[l].length > MAX_RECORDS))
        throw new AppError('registry_unavailable');
      return data;
    },
  };
}
