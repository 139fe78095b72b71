import { expect, test } from '@playwright/test';
import { DEFAULT_LANGUAGE, field, linkFromMail, t } from './support';

const de = DEFAULT_LANGUAGE;

/** `2026-12-04` → `4.12.2026`, as the app shows dates. */
const displayed = (iso: string) => iso.split('-').reverse().map(Number).join('.');
const dayAfter = (iso: string, days: number) =>
  new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);

test('a spectator picks a show, registers for a day and confirms by e-mail, once', async ({ page, request }) => {
  const email = `spectator-${Date.now()}@example.test`;
  const show = (await (await request.get('/api/v1/venue/1/preshow/')).json()) as {
    start_date: string;
    end_date: string;
  };
  const visit = dayAfter(show.start_date, 1);
  await page.goto('/attendance');
  await expect(page.getByText(t(de, 'attendance:choose.intro'))).toBeVisible();
  await page.getByRole('link', { name: 'Paddock Classic' }).click();
  await expect(page).toHaveURL(/\/attendance\/1$/);
  await expect(page.getByRole('heading', { name: 'Paddock Classic' })).toBeVisible();
  await expect(
    page.getByText(`${displayed(show.start_date)} – ${displayed(show.end_date)}`, { exact: true }),
  ).toBeVisible();

  const form = page.getByRole('form', { name: t(de, 'attendance:form.title') });
  await form.getByLabel(field(t(de, 'attendance:form.firstName'))).fill('Sara');
  await form.getByLabel(field(t(de, 'attendance:form.lastName'))).fill('Zuschauer');
  await form.getByLabel(field(t(de, 'attendance:form.email'))).fill(email);
  await form.getByLabel(field(t(de, 'attendance:form.phone'))).fill('+386 1 234 5678');
  await form.getByLabel(field(t(de, 'attendance:form.people'))).fill('2');
  const visitDate = form.getByLabel(field(t(de, 'attendance:form.visitDate')));
  await expect(visitDate).toHaveAttribute('min', show.start_date);
  await expect(visitDate).toHaveAttribute('max', show.end_date);

  // A day after the show is refused before anything is sent.
  await visitDate.fill(dayAfter(show.end_date, 2));
  await form.getByRole('button', { name: t(de, 'attendance:form.submit') }).click();
  await expect(form.getByText(t(de, 'attendance:form.outsideShow'))).toBeVisible();

  await visitDate.fill(visit);
  await form.getByRole('button', { name: t(de, 'attendance:form.submit') }).click();
  await expect(page.getByText(t(de, 'attendance:sent.message', { email }))).toBeVisible();

  const link = await linkFromMail(email, '/attendance/1');
  expect(link).toMatch(/^\/attendance\/1\?confirm=[\w-]+$/);
  await page.goto(link);
  await expect(page.getByText(t(de, 'attendance:confirm.done', { date: displayed(visit) }))).toBeVisible();

  // The link works once.
  await page.goto(link);
  await expect(page.getByText(t(de, 'errors:link_used'))).toBeVisible();
});
