import { expect, test } from '@playwright/test';
import { charge, DEMO_RIDER, en, freshStaff, riderCode, signInAt, synced } from './floor-support';
import { field, PASSWORD, t } from './support';

/** The demo organizer works in German. */
const de = (key: string, vars?: Record<string, string | number>) => t('de', key, vars);

/*
 * Floor devices: a stable tablet registers itself at its first sign-in; it charges while the
 * wifi is down, the show office renames and revokes it meanwhile, and when the tablet comes back
 * online it is signed out and shows that it was revoked, with its unsent writes listed for the
 * office to enter again.
 */

test('a tablet revoked while its writes wait offline is signed out and lists them as unsent', async ({
  browser,
  request,
}) => {
  test.setTimeout(540_000);
  const staff = await freshStaff(request, 'stable');
  const code = await riderCode(request);
  const tablet = await browser.newContext({ locale: 'en-US' });
  const stable = await tablet.newPage();
  await signInAt(stable, staff, '/stable/dashboard');
  await synced(stable);

  // First sign-in on this tablet: it asks for a name, prefilled.
  const register = stable.getByRole('region', { name: en('devices:register.title') });
  await expect(register).toBeVisible({ timeout: 90_000 });
  const nameField = register.getByLabel(en('devices:register.name'));
  await expect(nameField).toHaveValue(/^Stable tablet \d+$/);
  const name = `Stable tablet ${staff.id}`;
  await nameField.fill(name);
  await register.getByRole('button', { name: en('devices:register.save') }).click();
  await expect(register).toBeHidden();

  // The wifi drops: the tablet charges the demo rider twice, the writes wait on it.
  await tablet.setOffline(true);
  await stable.goto(`/stable/qr/${code}`);
  await expect(stable.getByText(DEMO_RIDER).first()).toBeVisible();
  await charge(stable, /^Hay/, 1);
  await charge(stable, /^Shavings/, 2);

  // Meanwhile the show office sees it, renames it and revokes it.
  const office = await browser.newContext({ locale: 'en-US' });
  const organizer = await office.newPage();
  await organizer.goto('/login');
  await organizer.evaluate(() => localStorage.setItem('paddock.language', 'en'));
  await organizer.reload();
  await organizer.getByLabel(field(en('auth:login.username'))).fill('organizer');
  await organizer.getByLabel(field(en('auth:login.password'))).fill(PASSWORD);
  await organizer.getByRole('button', { name: en('auth:login.submit') }).click();
  await expect(organizer).not.toHaveURL(/\/login/);
  await organizer.goto('/organizer/devices');
  await expect(organizer.getByRole('heading', { level: 1, name: de('routes:organizerDevices') })).toBeVisible();
  await organizer.getByRole('button', { name: de('devices:rename.named', { name }) }).click();
  const dialog = organizer.getByRole('dialog', { name: de('devices:rename.title', { name }) });
  const renamed = `Stable east ${staff.id}`;
  await dialog.getByLabel(de('devices:rename.name')).fill(renamed);
  await dialog.getByRole('button', { name: de('common:form.save') }).click();
  await expect(dialog).toBeHidden();
  const revoke = organizer.getByRole('button', { name: de('devices:revoke.named', { name: renamed }) });
  await expect(revoke).toBeVisible();
  await revoke.click();
  await organizer
    .getByRole('dialog')
    .getByRole('button', { name: de('shell:confirm.confirm') })
    .click();
  await expect(organizer.getByRole('button', { name: de('devices:restore.named', { name: renamed }) })).toBeVisible();

  // Back online: the server refuses the tablet; it signs out and says why, listing both writes.
  await tablet.setOffline(false);
  const notice = stable.getByRole('alert', { name: en('devices:revoked.title') });
  await expect(notice).toBeVisible({ timeout: 180_000 });
  await expect(stable).toHaveURL(/\/login/);
  const unsent = notice.getByRole('table', { name: en('devices:revoked.unsent', { count: 2 }) });
  await expect(unsent.getByRole('row').filter({ hasText: DEMO_RIDER }).filter({ hasText: /Hay/ })).toHaveCount(1);
  await expect(
    unsent
      .getByRole('row')
      .filter({ hasText: DEMO_RIDER })
      .filter({ hasText: /Shavings/ }),
  ).toHaveCount(1);
  // Signed out for good: a reload keeps the notice and its list, and no floor screen opens.
  await stable.reload();
  await expect(notice.getByRole('table', { name: en('devices:revoked.unsent', { count: 2 }) })).toBeVisible();
  await stable.goto('/stable/dashboard');
  await expect(stable).toHaveURL(/\/login/);

  // Nothing of it reached the ledger.
  const admin = await request.post('/api/token/auth/', { data: { username: 'admin', password: PASSWORD } });
  const token = ((await admin.json()) as { token: string }).token;
  const entries = await request.get('/api/v1/transaction/?venue=1&page_size=1000', {
    headers: { authorization: `Bearer ${token}` },
  });
  const { results } = (await entries.json()) as { results: { created_by: { id: number } | null }[] };
  expect(results.filter((e) => e.created_by?.id === staff.id)).toEqual([]);
  await tablet.close();
  await office.close();
});
