import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMAIL_AUDIENCES, type EmailRunPreview } from '@shared/schemas/email-runs';
import type { JobRun } from '@shared/schemas/jobs';
import type { EmailTemplate } from '@shared/schemas/venue-setup';
import { demoVenue, json, renderApp } from './helpers';
import { jobRun } from './invoice-fixtures';
import { admin, bodies, calls, server, SLOW, startAs, toasts, validation, type Handler } from './owner-fixtures';

// jsdom has no layout: the editor scrolls its selection into view through a Range's rects.
const emptyRect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) });
beforeAll(() => {
  Range.prototype.getClientRects ??= () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => emptyRect() as DOMRect;
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const welcome: EmailTemplate = {
  id: 3,
  venue: 1,
  kind: 'onboarding',
  language: 'de',
  name: 'Willkommen',
  subject: 'Willkommen bei {venue_name}',
  body_html: '<p>Hallo {first_name}</p>',
};

const preview: EmailRunPreview = {
  count: 2,
  recipients: [
    { name: 'Nina Nowak', email: 'newbie@paddock.demo', language: 'pl' },
    { name: 'Ugo Nuovo', email: 'newofficial@paddock.demo', language: 'it' },
  ],
  message: {
    to: 'newbie@paddock.demo',
    language: 'pl',
    subject: 'Witamy na zawodach Paddock Classic',
    text: 'Dzień dobry Nina Nowak,\n\njesteś zgłoszony(-a) na zawody Paddock Classic.',
  },
};

/** The e-mail run of these tests: the shared run fixture as kind `emails`. */
const emailRun = (overrides: Partial<JobRun> = {}): JobRun => jobRun({ id: 8, kind: 'emails', ...overrides });

/** The e-mail pages' calls; `page` adds or replaces answers (the venue's own path last: it is a prefix of the others). */
function serve(page: Record<string, Handler> = {}) {
  return server({
    'GET /api/v1/emailTemplate/': () => json(200, { count: 1, results: [welcome] }),
    'GET /api/v1/venueEventCategory/': () =>
      json(200, {
        count: 1,
        results: [
          {
            id: 4,
            venue: 1,
            event_category: 2,
            event_category_code: 'CSI2*',
            name: 'CSI2* Lipica',
            default_entry_fee: 0,
          },
        ],
      }),
    'GET /api/v1/venue/1/jobs/': () => json(200, { results: [] }),
    ...page,
    'GET /api/v1/venue/1/': () => json(200, demoVenue),
  });
}

const confirm = async () => fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));

describe('e-mail runs (admin)', () => {
  it('onboarding: previews recipients and the message, then sends a template to oneself', async () => {
    startAs(admin);
    const fetchMock = serve({
      'POST /api/v1/venue/1/emailRun/preview/': () => json(200, preview),
      'POST /api/v1/venue/1/sendOnboardingEmailToSelf/': () => json(200, { detail: 'sent' }),
    });
    renderApp('/venues/1/actions/onboardingEmails');
    expect(await screen.findByRole('heading', { level: 1, name: 'Onboarding e-mails' }, SLOW)).toBeTruthy();
    const onlyNew = screen.getByRole('checkbox', { name: 'Only those who have not chosen a password yet' });
    expect((onlyNew as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Built-in welcome text' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const shown = await screen.findByRole('region', { name: 'Preview' });
    expect(within(shown).getByText('Recipients: 2')).toBeTruthy();
    const list = within(shown).getByRole('list', { name: 'Recipients' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Nina Nowak · newbie@paddock.demo', 'Ugo Nuovo · newofficial@paddock.demo']);
    const message = within(shown).getByRole('article', { name: 'The message' });
    expect(within(message).getByText('To: newbie@paddock.demo')).toBeTruthy();
    expect(within(message).getByText('Language: Polski')).toBeTruthy();
    expect(within(message).getByText('Subject: Witamy na zawodach Paddock Classic')).toBeTruthy();
    expect(message.textContent).toContain('jesteś zgłoszony(-a) na zawody Paddock Classic.');
    expect(bodies(fetchMock, 'POST', '/api/v1/venue/1/emailRun/preview/')).toEqual([
      { audience: 'onboarding', filters: { without_password: true } },
    ]);

    // A change of the form takes the preview away; the next one asks with the change.
    fireEvent.click(onlyNew);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('region', { name: 'Preview' });
    expect(bodies(fetchMock, 'POST', '/api/v1/venue/1/emailRun/preview/').at(-1)).toEqual({
      audience: 'onboarding',
      filters: { without_password: false },
    });

    // A template: chosen first, then sent to oneself.
    fireEvent.click(screen.getByRole('radio', { name: 'Template' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send to myself' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/api/v1/venue/1/sendOnboardingEmailToSelf/')).toHaveLength(0);
    fireEvent.change(screen.getByRole('combobox', { name: 'Template' }), { target: { value: '3' } });
    expect(screen.getByRole('option', { name: 'Willkommen (Deutsch)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send to myself' }));
    await waitFor(() => expect(toasts()).toContain('The e-mail is on its way to you.'));
    expect(bodies(fetchMock, 'POST', '/api/v1/venue/1/sendOnboardingEmailToSelf/')).toEqual([{ template: 3 }]);

    // No raw enum value reaches the screen: options and choices are named in words.
    const named = [...screen.getAllByRole('option'), ...screen.getAllByRole('radio')].map(
      (el) => el.textContent || el.getAttribute('aria-label') || (el.closest('label')?.textContent ?? ''),
    );
    for (const raw of [...EMAIL_AUDIENCES, 'builtin', 'template', 'write']) expect(named).not.toContain(raw);
    expect(screen.getByRole('radio', { name: 'Write a message' })).toBeTruthy();
  });

  it('sends a written message with filters, shows the progress and sends again to the failed', async () => {
    startAs(admin);
    let state: 'none' | 'running' | 'done' | 'retried' = 'none';
    const running = emailRun({ status: 'running', done: 1, started_at: '2026-12-06T17:00:01Z' });
    const finished = emailRun({
      status: 'done',
      done: 2,
      failed: 1,
      started_at: '2026-12-06T17:00:01Z',
      finished_at: '2026-12-06T17:00:04Z',
      failures: [{ key: 'sam@example.org', error: 'mailbox unavailable' }],
      messages: [{ at: '2026-12-06T17:00:04Z', code: 'run_done', params: { done: 2, failed: 1 } }],
    });
    const retry = emailRun({ id: 9, total: 1 });
    const fetchMock = serve({
      'POST /api/v1/venue/1/emailRun/': () => {
        state = state === 'none' ? 'running' : 'retried';
        return json(202, state === 'running' ? emailRun() : retry);
      },
      'GET /api/v1/jobs/8/': () => {
        if (state === 'running') {
          state = 'done';
          return json(200, running);
        }
        return json(200, finished);
      },
      'GET /api/v1/jobs/9/': () => json(200, retry),
      'GET /api/v1/venue/1/jobs/': () =>
        json(200, { results: state === 'done' ? [finished] : state === 'retried' ? [retry, finished] : [] }),
    });
    renderApp('/venues/1/actions/sendEmails');
    expect(await screen.findByRole('heading', { level: 1, name: 'Send e-mails' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Riders enrolled' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Officials' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send to myself' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Built-in welcome text' })).toBeNull();

    await screen.findByRole('option', { name: 'CSI2* Lipica' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Event' }), { target: { value: '4' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Costs paid by' }), { target: { value: 'employer' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Only those with an open balance' }));

    fireEvent.click(screen.getByRole('radio', { name: 'Write a message' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Subject' }), { target: { value: 'Your balance' } });
    const editor = await screen.findByRole('textbox', { name: 'Text' }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Insert {first_name}' }));
    await waitFor(() => expect(editor.textContent).toContain('{first_name}'));

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Send this message to everyone chosen?')).toBeTruthy();
    await confirm();

    const progress = await screen.findByRole('region', { name: 'E-mails' });
    expect(await within(progress).findByText('2 of 3 done (66 %) · failed: 1', {}, SLOW)).toBeTruthy();
    expect(within(progress).getByText('Done')).toBeTruthy();
    expect(within(progress).getByText('sam@example.org: mailbox unavailable')).toBeTruthy();
    const [sent] = bodies(fetchMock, 'POST', '/api/v1/venue/1/emailRun/') as [Record<string, unknown>];
    expect(sent).toMatchObject({
      audience: 'participants',
      filters: { vec: 4, payer_type: 'employer', open_balance: true },
      subject: 'Your balance',
    });
    expect(sent.body_html).toContain('{first_name}');
    expect(sent).not.toHaveProperty('template');

    // The run has ended with a failure: it can be sent again to the failed only.
    fireEvent.click(await screen.findByRole('button', { name: 'Send again to the failed (1)' }, SLOW));
    await confirm();
    await waitFor(() => expect(bodies(fetchMock, 'POST', '/api/v1/venue/1/emailRun/')).toHaveLength(2));
    expect(bodies(fetchMock, 'POST', '/api/v1/venue/1/emailRun/')[1]).toEqual({ retry_of: 8 });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Send again to the failed/ })).toBeNull());
  });

  it('attendees: filters by kind and check-in; refusals land on the form', async () => {
    startAs(admin);
    let refusal: Record<string, string[]> = { __all__: ['no_recipients'] };
    const fetchMock = serve({
      'POST /api/v1/venue/1/emailRun/preview/': () => validation(refusal),
      'POST /api/v1/venue/1/emailRun/': () =>
        json(409, { error: 'job_running', message: 'A run of this kind is already under way for this show.' }),
    });
    renderApp('/venues/1/actions/sendEmailsAttendees');
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mails to attendees' }, SLOW)).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Kind of attendee' }), { target: { value: 'spectator' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Check-in' }), { target: { value: 'no' } });
    expect(screen.getByRole('option', { name: 'Team member' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Not checked in' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Template' }), { target: { value: '3' } });

    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('No one matches these recipients: nothing would be sent.')).toBeTruthy();
    expect(bodies(fetchMock, 'POST', '/api/v1/venue/1/emailRun/preview/')).toEqual([
      { audience: 'attendees', filters: { kind: 'spectator', checked_in: false }, template: 3 },
    ]);

    refusal = { template: ['unknown_placeholder'] };
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Unknown placeholder in the template.')).toBeTruthy();

    const looked = calls(fetchMock, 'GET', '/api/v1/venue/1/jobs/').length;
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await confirm();
    expect(await screen.findByText('A run of this kind is already under way for this show.')).toBeTruthy();
    // The page looks for the run under way.
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/v1/venue/1/jobs/').length).toBeGreaterThan(looked));
  });
});
