import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bearer, freshStaff, signInAt, synced, tokenOf } from './floor-support';
import {
  acceptTerms,
  DEFAULT_LANGUAGE,
  loginAs,
  pageLanguage,
  PASSWORD,
  registerViaApi,
  submitLogin,
  t,
  violationsOf,
} from './support';

async function expectNoViolations(page: Page): Promise<void> {
  expect(await violationsOf(page)).toEqual([]);
}

test('the public pages have no WCAG A/AA violations', async ({ page }) => {
  for (const [path, heading] of [
    ['/login', 'auth:login.title'],
    ['/registration', 'auth:registration.title'],
    ['/forgotPassword', 'auth:forgot.title'],
    ['/magic-login', 'auth:magic.title'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: t(DEFAULT_LANGUAGE, heading) })).toBeVisible();
    await expectNoViolations(page);
  }
});

test('a dashboard has no WCAG A/AA violations', async ({ page }) => {
  await loginAs(page, 'signin');
  await expect(page.getByText('Paddock Classic')).toBeVisible();
  await expectNoViolations(page);
});

test('choosing a dashboard has no WCAG A/AA violations', async ({ page }) => {
  await submitLogin(page, 'multi');
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'routes:chooseDashboard') })).toBeVisible();
  await expectNoViolations(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('no page scrolls sideways, in any language', async ({ page, request }) => {
    const overflows = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    for (const path of ['/login', '/registration', '/forgotPassword', '/magic-login', '/attendance', '/attendance/1']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await overflows(), path).toBe(false);
    }
    // A fresh account: switching its language must not disturb the demo users other tests sign in as.
    const { email, password } = await registerViaApi(request, 'simpleuser');
    await submitLogin(page, email, password);
    for (const lang of ['de', 'pl', 'fr', 'it', 'en'] as const) {
      await page.getByLabel(t(await pageLanguage(page), 'shell:language')).selectOption(lang);
      await expect(
        page.getByRole('heading', { level: 1, name: t(lang, 'dashboard:audience.simpleuser') }),
      ).toBeVisible();
      expect(await overflows(), lang).toBe(false);
    }
  });
});

test.describe('the show office pages', () => {
  const PAGES = [
    '/venues',
    '/venues/1/config',
    '/venues/1/config/consumables',
    '/venues/1/config/taxConfigurations/edit/1',
    '/venues/1/views/participants',
    '/venues/1/views/transactions',
    '/venues/1/views/transactions/new',
    '/balances?venue=1',
    '/balances/summary',
    '/config/taxTypes',
    '/findClient',
  ];

  test('have no WCAG A/AA violations, and do not scroll sideways on a phone', async ({ page }) => {
    test.setTimeout(360_000);
    await loginAs(page, 'admin');
    for (const path of PAGES) {
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page);
      await page.setViewportSize({ width: 360, height: 740 });
      // Two frames: the resize reaches the layout and the components that measure it.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const overflows = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflows, path).toBe(false);
    }
  });
});

test.describe('the floor pages on a phone', () => {
  const FLOOR: [string, string[]][] = [
    ['stable', ['/stable/dashboard', '/stable/addTransaction', '/stable/transactions']],
    ['welcomedesk', ['/welcomedesk/list', '/welcomedesk/add']],
    ['signin', ['/signin/list']],
    ['vetcheck', ['/vetcheck', '/vetcheck/list']],
  ];
  // On the narrowest screen, where most can go wrong; tablets get the desktop layout.
  test('have no WCAG A/AA violations and do not scroll sideways at 360 px', async ({ page, request }) => {
    test.setTimeout(450_000);
    await page.setViewportSize({ width: 360, height: 800 });
    for (const [role, paths] of FLOOR) {
      // A fresh account per role: the demo floor users are shared with other tests.
      await page.context().clearCookies();
      await signInAt(page, await freshStaff(request, role), paths[0]!);
      for (const path of paths) {
        await page.goto(path);
        await synced(page);
        await expectNoViolations(page);
        const overflows = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(overflows, path).toBe(false);
      }
      await page.getByRole('button', { name: t('en', 'shell:logout') }).click();
      await expect(page).toHaveURL(/\/login/);
    }
  });
});

test.describe('the people and self-service pages', () => {
  type Login = { email: string; password: string };
  const PHONE = { width: 360, height: 740 };

  /**
   * On a phone (360 px, where most can go wrong: tables scroll inside their cards, and such
   * regions must be reachable by keyboard) each page does not scroll sideways and has no WCAG
   * A/AA violations. Soft checks: one run reports every page that fails.
   */
  async function checkPages(page: Page, paths: string[]): Promise<void> {
    await page.setViewportSize(PHONE);
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname, 'not sent elsewhere').toBe(path);
      const overflows = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect.soft(overflows, `${path} scrolls sideways at 360 px`).toBe(false);
      expect.soft(await violationsOf(page), path).toEqual([]);
    }
  }

  async function signOut(page: Page): Promise<void> {
    await page.context().clearCookies();
    await page.evaluate(() => sessionStorage.clear());
  }

  async function me(request: APIRequestContext, login: Login) {
    const res = await request.get('/api/auth/user/', {
      headers: bearer(await tokenOf(request, login.email, login.password)),
    });
    return (await res.json()) as {
      rider_id: number | null;
      employer_id: number | null;
      official_id: number | null;
      merchant_id: number | null;
    };
  }

  /** `post` as `login`, expecting success. */
  async function as(request: APIRequestContext, login: Login, path: string, data: object): Promise<void> {
    const res = await request.post(`/api/v1/${path}`, {
      headers: bearer(await tokenOf(request, login.email, login.password)),
      data,
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }

  const invite = (who: string) => ({
    venue: 1,
    role: 'trainer',
    first_name: 'Tina',
    last_name: `Trainer of ${who}`,
    email: `e2e-team-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
  });

  /** A fresh rider (terms accepted) and its id. */
  async function freshRider(request: APIRequestContext): Promise<{ rider: Login; id: number }> {
    const rider = await registerViaApi(request, 'rider', 'en');
    await acceptTerms(request, rider);
    return { rider, id: (await me(request, rider)).rider_id! };
  }

  /** The demo merchant sells the demo rider something: rows in the merchant's lists, a debt in the rider's balance. */
  async function chargeDemoRider(request: APIRequestContext): Promise<void> {
    const sale = await request.post('/api/v1/transaction/', {
      headers: {
        ...bearer(await tokenOf(request, 'merchant')),
        'Idempotency-Key': `axe-${Date.now()}-${Math.random()}`,
      },
      data: {
        venue: 1,
        kind: 'sale',
        party_type: 'rider',
        party_id: (await me(request, { email: 'rider', password: PASSWORD })).rider_id,
        merchant: (await me(request, { email: 'merchant', password: PASSWORD })).merchant_id,
        source: 'merchant',
        description: 'Accessibility check',
        quantity: 1,
        unit_price: 500,
      },
    });
    expect(sale.status(), await sale.text()).toBe(201);
  }

  test('a rider’s pages pass', async ({ page, request }) => {
    test.setTimeout(540_000);
    // With a horse, a groom, a bank account, a team member, a document and an employer.
    const { rider, id } = await freshRider(request);
    await as(request, rider, `rider/${id}/horses/`, { action: 'add', horse: { name: 'Axe Horse' } });
    await as(request, rider, `rider/${id}/grooms/`, {
      action: 'add',
      groom: { first_name: 'Gina', last_name: 'Groom' },
    });
    await as(request, rider, `rider/${id}/bankAccounts/`, {
      holder_name: 'Test Rider',
      iban: 'DE89 3704 0044 0532 0130 00',
    });
    await as(request, rider, `rider/${id}/teamMembers/`, invite('rider'));
    const document = await request.post(`/api/v1/rider/${id}/documents/`, {
      headers: bearer(await tokenOf(request, rider.email, rider.password)),
      multipart: {
        file: { name: 'licence.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
        type: 'licence',
        title: 'Licence',
      },
    });
    expect(document.status(), await document.text()).toBeLessThan(300);
    const employer = await registerViaApi(request, 'employer', 'en');
    await as(request, employer, 'employer/addEmployee/', {
      employer: (await me(request, employer)).employer_id,
      rider: id,
    });

    // A newcomer's profile shows the terms to read and accept.
    await signInAt(page, await registerViaApi(request, 'rider', 'en'), '/rider/profile');
    await checkPages(page, ['/rider/profile']);
    await signOut(page);
    await signInAt(page, rider, '/rider/overview');
    await checkPages(page, [
      '/rider/overview',
      '/rider/profile',
      '/rider/horses',
      '/rider/horses/add',
      '/rider/grooms',
      '/rider/grooms/add',
      '/rider/bankAccounts',
      '/rider/bankAccounts/add',
      '/rider/employment',
      '/rider/teamMembers',
      '/rider/documents',
      '/rider/shows',
      '/rider/reports',
      '/rider/balance',
    ]);
  });

  test('an employer’s, an official’s, a simple user’s and a merchant’s pages pass', async ({ page, request }) => {
    test.setTimeout(540_000);
    const employer = await registerViaApi(request, 'employer', 'en');
    const { id } = await freshRider(request);
    await as(request, employer, 'employer/addEmployee/', {
      employer: (await me(request, employer)).employer_id,
      rider: id,
    });
    await signInAt(page, employer, '/employer/overview');
    await checkPages(page, [
      '/employer/overview',
      '/employer/employees',
      '/employer/employees/add',
      '/employer/profile',
    ]);
    await signOut(page);

    const official = await registerViaApi(request, 'official', 'en');
    await as(
      request,
      official,
      `official/${(await me(request, official)).official_id}/teamMembers/`,
      invite('official'),
    );
    await signInAt(page, official, '/official/overview');
    await checkPages(page, ['/official/overview', '/official/teamMembers']);
    await signOut(page);

    await signInAt(page, await registerViaApi(request, 'simpleuser', 'en'), '/simpleuser/overview');
    await checkPages(page, ['/simpleuser/overview']);
    await signOut(page);

    // The demo merchant (merchants do not register themselves; its pages speak Italian).
    await chargeDemoRider(request);
    await signInAt(page, { email: 'merchant', password: PASSWORD }, '/merchant/dashboard');
    await checkPages(page, [
      '/merchant/dashboard',
      '/merchant/addTransaction',
      '/merchant/listTransactions',
      '/merchant/evclFees',
    ]);
  });

  test('the admin’s people pages pass', async ({ page, request }) => {
    test.setTimeout(540_000);
    // The demo rider has horses, grooms, a show and (now) a debt there.
    const { rider_id: demoRider } = await me(request, { email: 'rider', password: PASSWORD });
    await chargeDemoRider(request);
    // The demo data has a horse entered twice.
    const duplicates = await request.get('/api/v1/horse/duplicates/', {
      headers: bearer(await tokenOf(request, 'admin')),
    });
    const { results } = (await duplicates.json()) as { results: { horses: { id: number }[] }[] };
    const twin = results[0]!.horses[0]!.id;
    await loginAs(page, 'admin');
    await checkPages(page, [
      '/riders',
      '/riders/add',
      `/riders/${demoRider}/profile`,
      `/riders/${demoRider}/horses`,
      `/riders/${demoRider}/grooms`,
      `/riders/${demoRider}/shows`,
      `/riders/${demoRider}/balance`,
      '/employers',
      '/officials',
      '/merchants',
      '/simpleusers',
      '/duplicates/duplicateHorses',
      `/duplicates/duplicateHorses/edit/${twin}`,
    ]);
  });
});
