import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { LANGUAGES, type Language } from '../../src/shared/constants';
import { E2E_DATA_DIR } from '../../playwright.config';

type Tree = { [key: string]: string | Tree };
const cache = new Map<string, Tree>();

function namespace(lang: Language, ns: string): Tree {
  const key = `${lang}/${ns}`;
  if (!cache.has(key)) cache.set(key, JSON.parse(readFileSync(`src/locales/${lang}/${ns}.json`, 'utf8')) as Tree);
  return cache.get(key)!;
}

/** The app's own translation of `ns:dotted.key` (with {{vars}} filled in), so tests read like a person. */
export function t(lang: Language, key: string, vars: Record<string, string | number> = {}): string {
  const [ns, rest] = key.split(':') as [string, string];
  let node: string | Tree | undefined = namespace(lang, ns);
  for (const part of rest.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no translation ${lang} ${key}`);
  return node.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(vars[name] ?? ''));
}

export const DEFAULT_LANGUAGE: Language = 'de';
export { LANGUAGES };
export const PASSWORD = 'paddock-demo';

/** The demo users, their language and the dashboard each lands on (README). */
export const DEMO_USERS = {
  admin: { lang: 'en', path: '/venues', audience: 'admin' },
  organizer: { lang: 'de', path: '/organizer/list', audience: 'organizer' },
  stable: { lang: 'de', path: '/stable/dashboard', audience: 'stable' },
  welcomedesk: { lang: 'de', path: '/welcomedesk/list', audience: 'welcomedesk' },
  signin: { lang: 'de', path: '/signin/list', audience: 'signin' },
  vetcheck: { lang: 'de', path: '/vetcheck', audience: 'vetcheck' },
  rider: { lang: 'en', path: '/rider/overview', audience: 'rider' },
  employer: { lang: 'de', path: '/employer/overview', audience: 'employer' },
  official: { lang: 'fr', path: '/official/overview', audience: 'official' },
  merchant: { lang: 'it', path: '/merchant/dashboard', audience: 'merchant' },
  simpleuser: { lang: 'pl', path: '/simpleuser/overview', audience: 'simpleuser' },
} as const satisfies Record<string, { lang: Language; path: string; audience: string }>;
export type DemoUser = keyof typeof DEMO_USERS;

/** Fill in the sign-in form (shown in the default language) and submit it. */
export async function submitLogin(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  // The sign-in page speaks the last language chosen in this browser, German by default.
  const lang = await pageLanguage(page);
  await page.getByLabel(field(t(lang, 'auth:login.username'))).fill(username);
  await page.getByLabel(field(t(lang, 'auth:login.password'))).fill(password);
  await page.getByRole('button', { name: t(lang, 'auth:login.submit') }).click();
}

/**
 * The language the app shows (it sets <html lang>). index.html says German until the app has
 * chosen its language and rendered, so it is read once the app's main landmark is there.
 */
export async function pageLanguage(page: Page): Promise<Language> {
  await expect(page.locator('#root main')).toHaveCount(1);
  await expect(page.locator('html[lang]')).toHaveCount(1);
  const lang = await page.locator('html').getAttribute('lang');
  if (!LANGUAGES.includes(lang as Language)) throw new Error(`unexpected page language ${lang}`);
  return lang as Language;
}

/** Sign in as a demo user and wait for its dashboard. */
export async function loginAs(page: Page, user: DemoUser): Promise<void> {
  await submitLogin(page, user);
  await expect(page).toHaveURL(new RegExp(`${DEMO_USERS[user].path}$`));
}

/** The e-mails the server wrote to its mail folder (no SMTP in tests), newest last. */
export function mailsTo(address: string): string[] {
  const dir = path.join(E2E_DATA_DIR, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, ''))
    .filter((mail) => new RegExp(`^To:.*${address.replace(/[.+]/g, '\\$&')}`, 'mi').test(mail));
}

/** Wait for an e-mail to `address` and return the path (with query) of its first link to `route`. */
export async function linkFromMail(address: string, route: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"'<>/]+${route.replace(/[/.?]/g, '\\$&')}[^\\s"'<>]*`);
  let link: string | undefined;
  await expect
    .poll(() => {
      const mails = mailsTo(address);
      const last = (mails[mails.length - 1] ?? '').replace(/=3D/g, '=');
      link = pattern.exec(last)?.[0];
      return link;
    })
    .toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

/** A fresh confirmed account made through the real API (registration + the e-mailed link). */
export async function registerViaApi(
  request: APIRequestContext,
  role: 'rider' | 'simpleuser' | 'official' | 'employer',
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ email: string; password: string }> {
  const email = `e2e-${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const password = 'a-good-password-42';
  const res = await request.post('/api/v1/user/register/', {
    data: { email, first_name: 'Test', last_name: role, role, language, password, password2: password },
  });
  expect(res.status()).toBe(201);
  const link = new URL(await linkFromMail(email, '/registration/confirm'), 'http://localhost');
  const confirm = await request.post('/api/v1/user/confirmEmail/', {
    data: { uid: link.searchParams.get('uid'), token: link.searchParams.get('token') },
  });
  expect(confirm.status()).toBe(200);
  return { email, password };
}

/** The rider accepts the terms in force through the API (most rider pages wait for that). */
export async function acceptTerms(
  request: APIRequestContext,
  login: { email: string; password: string },
): Promise<void> {
  const auth = await request.post('/api/token/auth/', { data: { username: login.email, password: login.password } });
  expect(auth.status()).toBe(200);
  const { token } = (await auth.json()) as { token: string };
  const current = await request.get('/api/v1/termsAndConditions/current/');
  const { version } = (await current.json()) as { version: string };
  const accepted = await request.patch('/api/v1/rider/acceptTC/', {
    headers: { authorization: `Bearer ${token}` },
    data: { version },
  });
  expect(accepted.status(), await accepted.text()).toBeLessThan(300);
}

/** A form field's accessible name exactly, allowing Mantine's required-field asterisk. */
export function field(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
}

/** Pick `option` in the select labelled `label`: a native one, or Mantine's (typing first when it searches). */
export async function choose(page: Page, label: string | RegExp, option: string | RegExp, type?: string) {
  const input = page.getByRole('combobox', { name: typeof label === 'string' ? field(label) : label });
  if ((await input.evaluate((node) => node.tagName)) === 'SELECT') {
    const label = await input.locator('option').filter({ hasText: option }).first().textContent();
    await input.selectOption({ label: label! });
    return;
  }
  await input.click();
  if (type) await input.fill(type);
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * The page's WCAG 2 A/AA violations (`exclude`: selectors left out), one line each: the rule
 * and the elements. axe runs in the page itself (its legacy mode): the default runs it per
 * frame and then again in a new blank page to merge the frames' results, which cost up to 3 s
 * a page; the app has no cross-origin frames, the one thing that needs it.
 */
export async function violationsOf(page: Page, { exclude = [] }: { exclude?: string[] } = {}): Promise<string[]> {
  let axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).setLegacyMode();
  for (const selector of exclude) axe = axe.exclude(selector);
  const { violations } = await axe.analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
