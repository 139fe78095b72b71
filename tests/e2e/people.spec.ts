import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bearer, en, freshStaff, signInAt, tokenOf } from './floor-support';
import { acceptTerms, choose, field, linkFromMail, registerViaApi, t } from './support';

/*
 * One audience at a time: every test makes its own accounts through the
 * real registration, so they can run side by side with the others.
 */

type Login = { email: string; password: string };

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** A horse FEI id nobody has yet: three digits, two letters, two digits. */
const horseFeiId = () => {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const pick = () => letters[Math.floor(Math.random() * letters.length)]!;
  const digits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, '0');
  return `${digits(3)}${pick()}${pick()}${digits(2)}`;
};

async function me(request: APIRequestContext, login: Login) {
  const token = await tokenOf(request, login.email, login.password);
  const res = await request.get('/api/auth/user/', { headers: bearer(token) });
  return (await res.json()) as { id: number; rider_id: number | null; employer_id: number | null };
}

/** Sign the page out (the next sign-in starts clean). */
async function signOut(page: Page): Promise<void> {
  await page.context().clearCookies();
  await page.evaluate(() => sessionStorage.clear());
}

const saved = (page: Page) => expect(page.getByText(en('common:toast.saved')).first()).toBeVisible();

test('a rider adds a horse, a groom, a bank account and a document', async ({ page, request }) => {
  test.setTimeout(360_000);
  const rider = await registerViaApi(request, 'rider', 'en');
  await acceptTerms(request, rider);
  const name = `Horse ${tag()}`;
  await signInAt(page, rider, '/rider/horses');

  await page.getByRole('button', { name: en('people:horses.add') }).click();
  const horseForm = page.getByRole('form', { name: en('people:horses.create') });
  await horseForm.getByLabel(field(en('people:horses.name'))).fill(name);
  await horseForm.getByLabel(field(en('people:horses.feiId'))).fill('ABC');
  await horseForm.getByRole('button', { name: en('people:horses.createSubmit') }).click();
  await expect(horseForm.getByText(en('errors:field.invalid_fei_id'))).toBeVisible();
  await horseForm.getByLabel(field(en('people:horses.feiId'))).fill(horseFeiId());
  await horseForm.getByRole('button', { name: en('people:horses.createSubmit') }).click();
  await page.goto('/rider/horses');
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();

  await page.goto('/rider/grooms');
  await page.getByRole('button', { name: en('people:grooms.add') }).click();
  const groomForm = page.getByRole('form', { name: en('people:grooms.form') });
  await groomForm.getByLabel(field(en('people:grooms.firstName'))).fill('Gina');
  await groomForm.getByLabel(field(en('people:grooms.lastName'))).fill(`Groom ${name}`);
  await groomForm.getByRole('button', { name: en('common:form.save') }).click();
  await saved(page);
  await page.goto('/rider/grooms');
  await expect(page.getByText(`Gina Groom ${name}`)).toBeVisible();

  await page.goto('/rider/bankAccounts');
  await page.getByRole('button', { name: en('owner:bank.add') }).click();
  const bankForm = page.getByRole('form', { name: en('owner:bank.add') });
  await bankForm.getByLabel(field(en('owner:bank.holder'))).fill('Test Rider');
  await bankForm.getByLabel(field(en('owner:bank.iban'))).fill('DE89 3704 0044 0532 0130 01');
  await bankForm.getByRole('button', { name: en('common:form.save') }).click();
  await expect(bankForm.getByText(en('errors:field.invalid_iban'))).toBeVisible();
  await bankForm.getByLabel(field(en('owner:bank.iban'))).fill('DE89 3704 0044 0532 0130 00');
  await bankForm.getByRole('button', { name: en('common:form.save') }).click();
  await saved(page);
  await page.goto('/rider/bankAccounts');
  await expect(page.getByText(/DE89 3704 0044 0532 0130 00/)).toBeVisible();

  await page.goto('/rider/documents');
  await page.getByRole('button', { name: en('owner:document.add') }).click();
  const docForm = page.getByRole('form', { name: en('owner:document.add') });
  await choose(page, en('owner:document.type'), en('owner:document.types.licence'));
  await docForm.getByLabel(field(en('owner:document.titleField'))).fill('Licence 2026');
  await docForm.getByRole('button', { name: en('owner:document.choose') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'licence.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  await dialog.getByRole('button', { name: en('shell:upload.confirm') }).click();
  await docForm.getByRole('button', { name: en('owner:document.upload') }).click();
  await saved(page);
  await page.goto('/rider/documents');
  await expect(page.getByRole('cell', { name: 'licence.pdf', exact: true }).first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: en('owner:document.downloadNamed', { name: 'licence.pdf' }) }).click();
  expect((await download).suggestedFilename()).toBe('licence.pdf');
});

test('an employer adds a rider as employee, the rider confirms, the employer ends it', async ({ page, request }) => {
  test.setTimeout(360_000);
  const rider = await registerViaApi(request, 'rider', 'en');
  await acceptTerms(request, rider);
  const employer = await registerViaApi(request, 'employer', 'en');

  await signInAt(page, employer, '/employer/employees');
  await page.getByRole('button', { name: en('people:employees.add') }).click();
  await page
    .getByLabel(field(en('people:employees.by.email')))
    .last()
    .fill(rider.email);
  await page.getByRole('button', { name: en('people:employees.find') }).click();
  const found = page.getByRole('region', { name: en('people:employees.foundTitle') });
  await expect(found).toContainText('Test rider');
  await found.getByRole('button', { name: en('people:employees.addConfirm', { name: 'Test rider' }) }).click();
  await page.goto('/employer/employees');
  await expect(page.getByRole('cell', { name: en('people:employment.states.pending') })).toBeVisible();
  await signOut(page);

  await signInAt(page, rider, '/rider/employment');
  await page.getByRole('button', { name: en('people:employment.confirm') }).click();
  await expect(page.getByText(en('people:employment.confirmed'))).toBeVisible();
  await expect(page.getByRole('cell', { name: en('people:employment.states.confirmed') })).toBeVisible();
  await signOut(page);

  await signInAt(page, employer, '/employer/employees');
  await expect(page.getByRole('cell', { name: en('people:employment.states.confirmed') })).toBeVisible();
  await page.getByRole('button', { name: en('people:employees.endNamed', { name: 'Test rider' }) }).click();
  const end = page.getByRole('dialog', { name: en('people:employees.endTitle', { name: 'Test rider' }) });
  await end.getByRole('button', { name: en('common:form.save') }).click();
  await expect(page.getByText(en('people:employees.ended', { name: 'Test rider' }))).toBeVisible();
  await expect(page.getByRole('cell', { name: en('people:employment.states.ended') })).toBeVisible();
  const { rider_id } = await me(request, rider);
  const token = await tokenOf(request, employer.email, employer.password);
  const status = await request.get(`/api/v1/rider/employmentStatus/?rider=${rider_id}`, { headers: bearer(token) });
  expect(((await status.json()) as { status: string }).status).toBe('INDEPENDENT');
});

test('a simple user registers a company as employer and then has both dashboards', async ({ page, request }) => {
  const person = await registerViaApi(request, 'simpleuser', 'en');
  await signInAt(page, person, '/simpleuser/overview');
  await page.getByRole('button', { name: en('owner:registerEmployer.open') }).click();
  const dialog = page.getByRole('dialog', { name: en('owner:registerEmployer.title') });
  const company = `Stall ${tag()}`;
  await dialog.getByLabel(field(en('owner:profile.field.company_name'))).fill(company);
  await dialog.getByRole('button', { name: en('owner:registerEmployer.submit') }).click();
  await expect(page.getByText(en('owner:registerEmployer.done'))).toBeVisible();
  await expect(page).toHaveURL(/\/employer\/overview$/);
  await page.goto('/employer/profile');
  await expect(page.getByLabel(field(en('owner:profile.field.company_name')))).toHaveValue(company);
  await page.goto('/');
  await expect(page.getByRole('link', { name: new RegExp(en('dashboard:audience.employer')) })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(en('dashboard:audience.simpleuser')) })).toBeVisible();
  await expect(page.getByRole('button', { name: en('owner:registerEmployer.open') })).toHaveCount(0);
});

test('a team invite is accepted by a new person who then appears at the welcome desk; the official sees the accreditation', async ({
  page,
  request,
}) => {
  test.setTimeout(450_000);
  const official = await registerViaApi(request, 'official', 'en');
  const guestEmail = `e2e-guest-${tag()}@example.test`;
  const guestName = `Gabi${tag()}`;

  await signInAt(page, official, '/official/teamMembers');
  await expect(page.getByRole('heading', { name: en('routes:accreditation') }).first()).toBeVisible();
  await page.getByRole('button', { name: en('owner:team.add') }).click();
  const form = page.getByRole('form', { name: en('owner:team.add') });
  await choose(page, en('owner:team.venue'), /Paddock Classic/);
  await choose(page, en('owner:team.role'), en('owner:team.roles.trainer'));
  await form.getByLabel(field(en('owner:team.firstName'))).fill(guestName);
  await form.getByLabel(field(en('owner:team.lastName'))).fill('Trainer');
  await form.getByLabel(field(en('owner:team.email'))).fill(guestEmail);
  await form.getByRole('button', { name: en('owner:team.sendInvite') }).click();
  await expect(page.getByText(en('owner:team.invited', { email: guestEmail }))).toBeVisible();
  await page.goto('/official/teamMembers');
  await expect(page.getByRole('cell', { name: en('owner:team.statuses.invited') })).toBeVisible();
  await signOut(page);

  // The invitee registers, confirms the address, opens the invitation and joins.
  const invite = await linkFromMail(guestEmail, '/team-membership-invite/');
  const guest = await registerAs(request, guestEmail);
  await page.goto(invite);
  await expect(page.getByText(en('owner:invite.signInFirst'))).toBeVisible();
  await page.getByRole('link', { name: en('owner:invite.signIn') }).click();
  await page.getByLabel(field(en('auth:login.username'))).fill(guest.email);
  await page.getByLabel(field(en('auth:login.password'))).fill(guest.password);
  await page.getByRole('button', { name: en('auth:login.submit') }).click();
  await expect(page).toHaveURL(/\/team-membership-invite\//);
  await page.getByRole('button', { name: en('owner:invite.join') }).click();
  await expect(page.getByText(en('owner:invite.joined'))).toBeVisible();
  await signOut(page);

  // The official sees the accreditation joined.
  await signInAt(page, official, '/official/teamMembers');
  await expect(page.getByRole('cell', { name: en('owner:team.statuses.joined') })).toBeVisible();
  await signOut(page);

  // The welcome desk of the venue sees the new person.
  const desk = await freshStaff(request, 'welcomedesk');
  await signInAt(page, desk, '/welcomedesk/list');
  await page.getByLabel(en('floor:attendee.search')).fill(guestName);
  await expect(page.getByText(`${guestName} Trainer`)).toBeVisible();
});

/** A confirmed account for an e-mail address that already received an invitation. */
async function registerAs(request: APIRequestContext, email: string): Promise<Login> {
  const password = 'a-good-password-42';
  const res = await request.post('/api/v1/user/register/', {
    data: {
      email,
      first_name: 'Gabi',
      last_name: 'Guest',
      role: 'simpleuser',
      language: 'en',
      password,
      password2: password,
    },
  });
  expect(res.status()).toBe(201);
  const link = new URL(await linkFromMail(email, '/registration/confirm'), 'http://localhost');
  const confirm = await request.post('/api/v1/user/confirmEmail/', {
    data: { uid: link.searchParams.get('uid'), token: link.searchParams.get('token') },
  });
  expect(confirm.status()).toBe(200);
  return { email, password };
}

test('an admin merges two duplicate horses', async ({ page, request }) => {
  test.setTimeout(270_000);
  const admin = await tokenOf(request, 'admin');
  const name = `Twin ${tag()}`;
  const create = async (horseName: string) => {
    const res = await request.post('/api/v1/horse/', { headers: bearer(admin), data: { name: horseName } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const first = await create(name);
  const second = await create(name.toUpperCase());
  const rider = await registerViaApi(request, 'rider', 'en');
  const { rider_id } = await me(request, rider);
  const linked = await request.post(`/api/v1/rider/${rider_id}/horses/`, {
    headers: bearer(admin),
    data: { id: second, action: 'add' },
  });
  expect(linked.status(), await linked.text()).toBeLessThan(300);

  await signInAt(page, { email: 'admin', password: 'paddock-demo' }, '/duplicates/duplicateHorses');
  await page.getByRole('button', { name: en('people:duplicates.mergeNamed', { name }) }).click();
  await expect(page).toHaveURL(/\/duplicates\/duplicateHorses\/edit\/\d+$/);
  await page.getByLabel(en('people:duplicates.keep', { name, id: first })).check();
  await page.getByRole('button', { name: en('people:duplicates.merge') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: en('shell:confirm.confirm') })
    .click();
  await expect(page.getByText(en('people:duplicates.merged'))).toBeVisible();

  const horses = await request.get(`/api/v1/rider/${rider_id}/horses/`, { headers: bearer(admin) });
  const { results } = (await horses.json()) as { results: { id: number }[] };
  expect(results.map((horse) => horse.id)).toEqual([first]);
  expect((await request.get(`/api/v1/horse/${second}/`, { headers: bearer(admin) })).status()).toBe(404);
});

test('a merchant charges the rider and the fee shows in evclFees', async ({ page }) => {
  // The demo merchant works in Italian.
  const it = (key: string, vars?: Record<string, string | number>) => t('it', key, vars);
  test.setTimeout(270_000);
  const description = `Sandwich ${tag()}`;
  await signInAt(page, { email: 'merchant', password: 'paddock-demo' }, '/merchant/addTransaction');
  await choose(page, it('people:sale.venue'), /Paddock Classic/);
  await page.getByLabel(field(it('people:sale.findRider'))).fill('Rosa');
  await page.getByRole('button', { name: it('people:sale.chooseNamed', { name: 'Rosa Rider' }) }).click();
  await page.getByLabel(field(it('people:sale.description'))).fill(description);
  await page.getByLabel(field(it('people:sale.quantity'))).fill('2');
  await page.getByLabel(field(it('people:sale.unitPrice'))).fill('10.00');
  await page.getByRole('button', { name: it('people:sale.submit') }).click();
  await expect(page.getByText(it('people:sale.done'))).toBeVisible();

  await page.goto('/merchant/evclFees');
  const row = page.getByRole('row').filter({ hasText: description });
  // 250 bp of 20.00 = 0.50, plus the fixed 0.30 of the demo plan.
  await expect(row).toContainText('0.80');
  await expect(row).toContainText('20.00');
});
