import { matchPath } from 'react-router-dom';
import { ADMIN_PATHS } from './admin';
import { ADMIN_PEOPLE_PATHS } from './admin-people';
import { EMPLOYER_PATHS } from './employer';
import type { PathEntry } from './entry';
import { FLOOR_PATHS } from './floor';
import { MERCHANT_PATHS } from './merchant';
import { OFFICIAL_PATHS } from './official';
import { PUBLIC_PATHS } from './public';
import { RIDER_PATHS } from './rider';
import { SIMPLEUSER_PATHS } from './simpleuser';
import { SPORT_PATHS } from './sport';

export type { PathEntry } from './entry';

/** The per-audience tables; a key appears in exactly one of them (tests/client/paths.test.ts). */
export const PATH_TABLES = {
  public: PUBLIC_PATHS,
  admin: ADMIN_PATHS,
  adminPeople: ADMIN_PEOPLE_PATHS,
  rider: RIDER_PATHS,
  employer: EMPLOYER_PATHS,
  official: OFFICIAL_PATHS,
  simpleuser: SIMPLEUSER_PATHS,
  merchant: MERCHANT_PATHS,
  floor: FLOOR_PATHS,
  sport: SPORT_PATHS,
} as const;

/**
 * Every page of the app, once (CONVENTIONS 3), composed from the audience tables beside this
 * file. Components link with `href()`, the router takes its patterns from here, and the
 * whitelabel rule reads the flags.
 */
export const PATHS = {
  ...PUBLIC_PATHS,
  ...ADMIN_PATHS,
  ...ADMIN_PEOPLE_PATHS,
  ...RIDER_PATHS,
  ...EMPLOYER_PATHS,
  ...OFFICIAL_PATHS,
  ...SIMPLEUSER_PATHS,
  ...MERCHANT_PATHS,
  ...FLOOR_PATHS,
  ...SPORT_PATHS,
} as const satisfies Record<string, PathEntry>;

export type PathKey = keyof typeof PATHS;

type Segments<P extends string> = P extends `${infer Head}/${infer Tail}` ? Head | Segments<Tail> : P;
type RequiredName<S> = S extends `:${string}?` ? never : S extends `:${infer Name}` ? Name : never;
type OptionalName<S> = S extends `:${infer Name}?` ? Name : never;
type ParamValue = string | number;

export type PathParams<P extends string> = { [K in RequiredName<Segments<P>>]: ParamValue } & {
  [K in OptionalName<Segments<P>>]?: ParamValue | null;
};
export type SearchParams = Record<string, string | number | null | undefined>;
type HrefArgs<P extends string> = [RequiredName<Segments<P>>] extends [never]
  ? [params?: PathParams<P>, search?: SearchParams]
  : [params: PathParams<P>, search?: SearchParams];

/** Pages without required parameters. */
export type StaticPathKey = {
  [K in PathKey]: [RequiredName<Segments<(typeof PATHS)[K]['path']>>] extends [never] ? K : never;
}[PathKey];

/** The breadcrumb parent of a page (PathEntry.parent), if it has one. */
export function parentOf(key: PathKey): StaticPathKey | null {
  return ((PATHS[key] as PathEntry).parent as StaticPathKey | undefined) ?? null;
}

/** The URL of a page: `href('preshow', { show: 1 })`, `href('login', {}, { next: '/x' })`. */
export function href<K extends PathKey>(key: K, ...[params, search]: HrefArgs<(typeof PATHS)[K]['path']>): string {
  const values = (params ?? {}) as Record<string, ParamValue | null | undefined>;
  const path = PATHS[key].path
    .split('/')
    .flatMap((segment) => {
      if (!segment.startsWith(':')) return [segment];
      const optional = segment.endsWith('?');
      const name = segment.slice(1, optional ? -1 : undefined);
      const value = values[name];
      if (value === null || value === undefined || value === '') {
        if (optional) return [];
        throw new Error(`href('${key}'): missing parameter ${name}`);
      }
      return [encodeURIComponent(String(value))];
    })
    .join('/');
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(search ?? {})) {
    if (value !== null && value !== undefined && value !== '') query.append(name, String(value));
  }
  const queryString = query.toString();
  return `${path || '/'}${queryString ? `?${queryString}` : ''}`;
}

/** Does `pathname` match one of the given pages? */
export function matchesPath(pathname: string, keys: readonly PathKey[]): boolean {
  return keys.some((key) => matchPath({ path: PATHS[key].path, end: true }, pathname) !== null);
}

export const WHITELABEL_SAFE_PATHS = (Object.keys(PATHS) as PathKey[]).filter(
  (key) => (PATHS[key] as PathEntry).whitelabelSafe === true,
);

/** A path to return to after login: same origin and absolute only. */
export function safeNext(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : null;
}
