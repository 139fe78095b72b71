import { pathToFileURL } from 'node:url';
import { startHttpDouble, type HttpDouble, type HttpDoubleOptions } from '../support/http-double';

/*
 * A local stand-in for the national federation's registry (the export format and the call are
 * described at the top of server/src/modules/sync/registry-source.ts): GET /export?page=N answers
 * one page of `pageSize` records per list, HTTP Basic with the user and password given. `mode`
 * makes it misbehave: `garbage` answers 200 with junk, `wrong_shape` answers JSON of another
 * shape, `error` answers 500, `hang` never answers. Tests start it on a free port; run alone
 * (`npx tsx tests/registry-double/registry-double.ts`) it serves a small export on
 * REGISTRY_DOUBLE_PORT (default 4637).
 */

export interface RegistryData {
  clubs: Record<string, unknown>[];
  riders: Record<string, unknown>[];
  horses: Record<string, unknown>[];
  officials: Record<string, unknown>[];
}

export type RegistryDoubleMode = 'ok' | 'garbage' | 'wrong_shape' | 'error' | 'hang';

export interface RegistryDouble extends HttpDouble<RegistryDoubleMode> {
  /** What the registry holds; change it between syncs. */
  data: RegistryData;
  /** Records per list and page. */
  pageSize: number;
}

const LISTS = ['clubs', 'riders', 'horses', 'officials'] as const;

export const emptyRegistry = (): RegistryData => ({ clubs: [], riders: [], horses: [], officials: [] });

/** `riders` riders and `horses` horses with ids from `first` (the bench's and the tests' big registry). */
export function generatedRegistry(riders: number, horses: number, first = 1): RegistryData {
  const data = emptyRegistry();
  data.clubs = Array.from({ length: 20 }, (_, i) => ({
    id: `C-${i + 1}`,
    name: `Reitverein ${i + 1}`,
    city: 'Bern',
    country: 'SUI',
  }));
  data.riders = Array.from({ length: riders }, (_, i) => ({
    id: `R-${first + i}`,
    fei_id: String(20_000_000 + first + i),
    national_id: `CH-R-${first + i}`,
    first_name: `Vorname${first + i}`,
    last_name: `Nachname${first + i}`,
    email: `rider${first + i}@registry.example`,
    nationality: 'SUI',
    birth_date: '1990-01-01',
    club: `C-${((first + i) % 20) + 1}`,
  }));
  data.horses = Array.from({ length: horses }, (_, i) => ({
    id: `H-${first + i}`,
    fei_id: `107RG${String(first + i).padStart(5, '0')}`,
    national_id: `756${String(first + i).padStart(12, '0')}`,
    name: `Registry Horse ${first + i}`,
    birth_year: 2010 + ((first + i) % 10),
    sex: 'mare',
    colour: 'bay',
    breed: 'CH-Warmblut',
  }));
  return data;
}

export async function startRegistryDouble(
  options: HttpDoubleOptions & { data?: RegistryData; pageSize?: number } = {},
): Promise<RegistryDouble> {
  const state = { pageSize: options.pageSize ?? 1000, data: options.data ?? emptyRegistry() };
  return startHttpDouble<RegistryDoubleMode, typeof state>(options, state, (req, res, double) => {
    const url = new URL(req.url ?? '/', 'http://registry');
    if (req.method !== 'GET' || url.pathname !== '/export') {
      res.writeHead(404).end('not found');
      return;
    }
    if (double.mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('<html><body>Wartungsarbeiten');
      return;
    }
    if (double.mode === 'wrong_shape') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ riders: 'soon', page: 1 }));
      return;
    }
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const longest = Math.max(...LISTS.map((l) => double.data[l].length));
    const pages = Math.max(1, Math.ceil(longest / double.pageSize));
    const body: Record<string, unknown> = { page, pages };
    for (const list of LISTS)
      body[list] = double.data[list].slice((page - 1) * double.pageSize, page * double.pageSize);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const double = await startRegistryDouble({
    port: Number(process.env.REGISTRY_DOUBLE_PORT ?? 4637),
    data: generatedRegistry(50, 50),
  });
  console.info(`registry double at ${double.url}`);
}
