import { expect, test, type Page } from '@playwright/test';
import {
  bearer,
  charge,
  offlineAtDemoRider,
  DEMO_VENUE,
  en,
  entriesBy,
  freshStaff,
  pickRider,
  riderCode,
  signInAt,
  statusBar,
  synced,
  tokenOf,
} from './floor-support';
import { field } from './support';

/*
 * The stable works through lost wifi, charges arrive once each.
 * Every test owns a fresh stable user at the demo venue, so the ledger is read per user.
 */

test('offline, 30 charges through the QR route and addTransaction survive a reload and arrive once each', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(540_000);
  const staff = await offlineAtDemoRider(page, context, request);
  for (let i = 0; i < 15; i++) await charge(page, /^Hay/, 1);
  await expect(statusBar(page)).toContainText(en('floor:status.offline'));
  await expect(statusBar(page)).toContainText(en('floor:status.pending', { count: 15 }));

  await page.goto('/stable/addTransaction');
  await pickRider(page);
  for (let i = 0; i < 15; i++) await charge(page, /^Shavings/, 2);
  await expect(statusBar(page)).toContainText(en('floor:status.pending', { count: 30 }));

  // A reload without network: the app and the 30 pending writes are still there.
  await page.reload();
  await expect(statusBar(page)).toContainText(en('floor:status.pending', { count: 30 }));
  await page.goto('/stable/transactions');
  await expect(page.getByText(en('floor:mark.pending'), { exact: true })).toHaveCount(30);

  await context.setOffline(false);
  await synced(page);
  const entries = await entriesBy(request, staff.id);
  expect(entries).toHaveLength(30);
  expect(new Set(entries.map((e) => e.id)).size).toBe(30);
  expect(entries.every((e) => e.kind === 'charge' && e.party.type === 'rider')).toBe(true);
  expect(entries.filter((e) => /^Hay/.test(e.description) && e.quantity === 1)).toHaveLength(15);
  expect(entries.filter((e) => /^Shavings/.test(e.description) && e.quantity === 2)).toHaveLength(15);
  await expect(page.getByText(en('floor:mark.pending'), { exact: true })).toHaveCount(0);
});

test('two tablets record offline and online by turns: both sets arrive, nothing twice', async ({
  browser,
  request,
}) => {
  test.setTimeout(540_000);
  const staff = await freshStaff(request, 'stable');
  const tablets = await Promise.all([browser.newContext(), browser.newContext()]);
  const pages = await Promise.all(tablets.map((c) => c.newPage()));
  for (const page of pages) {
    await signInAt(page, staff, '/stable/addTransaction');
    await synced(page);
    await pickRider(page);
  }
  const [a, b] = pages as [Page, Page];
  const [ca, cb] = tablets as [(typeof tablets)[0], (typeof tablets)[0]];
  // Round 1: A offline, B online, both at once.
  await ca.setOffline(true);
  await Promise.all([
    (async () => {
      for (let i = 0; i < 5; i++) await charge(a, /^Hay/, 1);
    })(),
    (async () => {
      for (let i = 0; i < 5; i++) await charge(b, /^Hay/, 1);
    })(),
  ]);
  // Round 2: the other way round.
  await ca.setOffline(false);
  await cb.setOffline(true);
  await Promise.all([
    (async () => {
      for (let i = 0; i < 5; i++) await charge(a, /^Parking/, 1);
    })(),
    (async () => {
      for (let i = 0; i < 5; i++) await charge(b, /^Parking/, 1);
    })(),
  ]);
  await cb.setOffline(false);
  await synced(a);
  await synced(b);

  const entries = await entriesBy(request, staff.id);
  expect(entries).toHaveLength(20);
  expect(new Set(entries.map((e) => e.id)).size).toBe(20);
  const devices = new Map<string | null, number>();
  for (const e of entries) devices.set(e.device_id, (devices.get(e.device_id) ?? 0) + 1);
  expect([...devices.values()]).toEqual([10, 10]);
  await Promise.all(tablets.map((c) => c.close()));
});

test('a forged or unknown code is refused, offline too', async ({ page, context, request }) => {
  const staff = await freshStaff(request, 'stable');
  const code = await riderCode(request);
  await signInAt(page, staff, '/stable/dashboard');
  await synced(page);
  const forged = code.replace(/-(.)/, (_, c: string) => `-${c === 'a' ? 'b' : 'a'}`);
  for (const offline of [false, true]) {
    await context.setOffline(offline);
    for (const bad of [forged, 'r999999-abcdefghijkl', 'not-a-code']) {
      await page.goto(`/stable/qr/${bad}`);
      await expect(page.getByRole('alert', { name: en('floor:qr.invalidTitle') })).toContainText(
        en('floor:qr.invalid'),
      );
      await expect(page.getByRole('form', { name: en('floor:charge.title') })).toHaveCount(0);
    }
    await page.goto(`/stable/qr/${code}`);
    await expect(page.getByRole('form', { name: en('floor:charge.title') })).toBeVisible();
  }
  await context.setOffline(false);
});

test('a welcome-desk check-in and a vet inspection made offline arrive after reconnection', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(360_000);
  const tag = Date.now().toString(36);
  const desk = await freshStaff(request, 'welcomedesk');
  await signInAt(page, desk, '/welcomedesk/add');
  await synced(page);
  await context.setOffline(true);
  await page.getByLabel(field(en('floor:attendee.first_name'))).fill(`Guest${tag}`);
  await page.getByLabel(field(en('floor:attendee.last_name'))).fill('Offline');
  await page.getByRole('button', { name: en('floor:attendee.save') }).click();
  // Saved on the device (the desk confirms it) before the list is opened.
  await expect(page.getByText(en('floor:attendee.added', { name: `Guest${tag} Offline` }))).toBeVisible();
  await page.goto('/welcomedesk/list');
  await page.getByLabel(en('floor:attendee.search')).fill(`Guest${tag}`);
  await page.getByRole('button', { name: en('floor:checkin.inNamed', { name: `Guest${tag} Offline` }) }).click();
  // The demo show day has others checked in already: look at this guest's entry.
  await expect(
    page.getByRole('listitem', { name: `Guest${tag} Offline` }).getByText(en('floor:checkin.in'), { exact: true }),
  ).toBeVisible();
  await context.setOffline(false);
  await synced(page);

  const deskToken = await tokenOf(request, desk.email, desk.password);
  const attendees = await request.get(`/api/v1/attendee/?venue=${DEMO_VENUE}&search=Guest${tag}`, {
    headers: bearer(deskToken),
  });
  const { results } = (await attendees.json()) as { results: { checked_in: boolean }[] };
  expect(results).toHaveLength(1);
  expect(results[0]!.checked_in).toBe(true);

  const vet = await freshStaff(request, 'vetcheck');
  await context.clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  await signInAt(page, vet, '/vetcheck/list');
  await synced(page);
  await context.setOffline(true);
  await page.getByLabel(en('floor:vet.search')).fill('101');
  await page
    .getByRole('button', { name: /^Inspect / })
    .first()
    .click();
  const form = page.getByRole('form', { name: en('floor:vet.formTitle') });
  await form.getByLabel(en('floor:vet.status.passed')).check();
  await form.getByLabel(en('floor:vet.notes')).fill(`Sound ${tag}`);
  await form.getByRole('button', { name: en('floor:vet.save') }).click();
  await expect(page.getByText(`Sound ${tag}`)).toBeVisible();
  await context.setOffline(false);
  await synced(page);
  const vetToken = await tokenOf(request, vet.email, vet.password);
  const inspections = await request.get(`/api/v1/vetInspection/?venue=${DEMO_VENUE}&page_size=100`, {
    headers: bearer(vetToken),
  });
  const list = (await inspections.json()) as { results: { notes: string; status: string }[] };
  expect(list.results.filter((i) => i.notes === `Sound ${tag}` && i.status === 'passed')).toHaveLength(1);
});
