import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmailTemplate, VenueDetail, VenueUser } from '@shared/schemas/venue-setup';
import { queryClient } from '@/lib/query-client';
import { demoVenue, json, makeUser, mockFetch, renderApp, resetStore } from './helpers';

/** Pages load their route chunk on first use, and the machine is shared: allow time. */

const admin = makeUser({ id: 1, username: 'admin', roles: ['admin'], rider_id: null });
const venue: VenueDetail = {
  ...demoVenue,
  time_zone: 'Europe/Ljubljana',
  whitelabel_domain: null,
  head_number_from: null,
  head_number_to: null,
  self_checkout: false,
  prices_include_tax: true,
};
const SLOW = { timeout: 45_000 };

// The rich-text editor (ProseMirror) measures text ranges, which jsdom cannot lay out.
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

type Handler = (url: URL) => Response | Promise<Response>;

function server(page: Record<string, Handler>) {
  return mockFetch({
    ...page,
    'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }),
    'GET /api/v1/config/': () =>
      json(200, { version: 'test', environment: 'test', impersonation_enabled: false, stripe_publishable_key: null }),
  });
}

function calls(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([input, init]) =>
      (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === path,
  );
}

const bodies = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string): unknown[] =>
  calls(fetchMock, method, path).map(([, init]) => JSON.parse(String(init?.body)));

const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast.message);

beforeEach(() => {
  queryClient.clear();
  resetStore({ token: 'token', user: admin });
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('venue staff', () => {
  const organizer: VenueUser = {
    id: 4,
    username: 'organizer',
    first_name: 'Olga',
    last_name: 'Organizer',
    email: 'organizer@paddock.demo',
    roles: ['organizer'],
  };
  const stable = { id: 9, username: 'stable', email: 'stable@paddock.demo', first_name: 'Stella', last_name: 'Stable' };

  function staffServer() {
    let staff = [organizer];
    const fetchMock = server({
      // before the staff list: the first matching prefix answers
      'GET /api/v1/venue/1/users/candidates/': (url) =>
        json(
          200,
          url.searchParams.get('q') === 'stable@paddock.demo'
            ? { count: 1, results: [{ ...stable, roles: [] }] }
            : { count: 0, results: [] },
        ),
      'GET /api/v1/venue/1/users/': () => json(200, { count: staff.length, results: staff }),
      'POST /api/v1/venue/1/users/': () => {
        const added: VenueUser = { ...stable, roles: ['stable', 'welcomedesk'] };
        staff = [...staff, added];
        return json(201, added);
      },
      'DELETE /api/v1/venue/1/users/4/': () => {
        staff = staff.filter((user) => user.id !== 4);
        return new Response(null, { status: 204 });
      },
      'GET /api/v1/user/search/': (url) =>
        json(
          200,
          url.searchParams.get('q') === 'stab'
            ? { count: 1, results: [{ ...stable, roles: [] }] }
            : { count: 0, results: [] },
        ),
      'GET /api/v1/venue/1/': () => json(200, venue),
    });
    return fetchMock;
  }

  it(
    'lists the staff with their roles and assigns a user found by search with the chosen roles',
    { timeout: 180_000 },
    async () => {
      const fetchMock = staffServer();
      renderApp('/venues/1/config/users');
      const row = (await screen.findByRole('cell', { name: 'Olga Organizer' }, SLOW)).closest('tr')!;
      expect(within(row).getByText('Organizer')).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'Assign user' }));
      const dialog = await screen.findByRole('dialog', { name: 'Assign user' });
      const user = within(dialog).getByRole('combobox', { name: 'User' });
      user.focus();
      fireEvent.click(user);
      fireEvent.change(user, { target: { value: 'stab' } });
      const list = document.getElementById(user.getAttribute('aria-controls') ?? '')!;
      fireEvent.click(await within(list).findByRole('option', { name: 'Stella Stable (stable)', hidden: true }, SLOW));
      fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Stable' }));
      fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Welcome desk' }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign user' })).toBeNull());
      expect(bodies(fetchMock, 'POST', '/api/v1/venue/1/users/')).toEqual([
        { user: 9, roles: ['stable', 'welcomedesk'] },
      ]);
      // One search, once typing paused, with what was typed.
      const searches = calls(fetchMock, 'GET', '/api/v1/user/search/').map(([input]) =>
        new URL(String(input), 'http://localhost').searchParams.get('q'),
      );
      expect(searches).toEqual(['stab']);
      expect(await screen.findByRole('cell', { name: 'Stella Stable' })).toBeTruthy();
      expect(toasts()).toContain('Saved successfully.');
    },
  );

  it("lets the venue's organizer take on a staff account found by its exact e-mail", { timeout: 180_000 }, async () => {
    resetStore({
      token: 'token',
      user: makeUser({ id: 4, username: 'organizer', roles: ['organizer'], assigned_venue: 1, rider_id: null }),
    });
    const fetchMock = staffServer();
    renderApp('/venues/1/config/users');
    await screen.findByRole('cell', { name: 'Olga Organizer' }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Assign user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign user' });
    const user = within(dialog).getByRole('combobox', { name: 'User' });
    user.focus();
    fireEvent.click(user);
    fireEvent.change(user, { target: { value: 'stable@paddock.demo' } });
    const list = document.getElementById(user.getAttribute('aria-controls') ?? '')!;
    fireEvent.click(await within(list).findByRole('option', { name: 'Stella Stable (stable)', hidden: true }, SLOW));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Stable' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies(fetchMock, 'POST', '/api/v1/venue/1/users/')).toEqual([{ user: 9, roles: ['stable'] }]),
    );
    // the admin's search of everyone is not asked (it is the admin's alone)
    expect(calls(fetchMock, 'GET', '/api/v1/user/search/')).toEqual([]);
  });

  it('needs a user and a role before it sends anything', async () => {
    const fetchMock = staffServer();
    renderApp('/venues/1/config/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Assign user' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Assign user' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findAllByText('This field is required.')).length).toBe(2);
    expect(calls(fetchMock, 'POST', '/api/v1/venue/1/users/')).toEqual([]);
  });

  it('unassigns a user only after the confirm dialog', async () => {
    const fetchMock = staffServer();
    renderApp('/venues/1/config/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Unassign Olga Organizer' }, SLOW));
    const confirm = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(
      within(confirm).getByText("Remove Olga Organizer from this venue together with the venue's roles?"),
    ).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Please confirm' })).toBeNull());
    expect(calls(fetchMock, 'DELETE', '/api/v1/venue/1/users/4/')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Unassign Olga Organizer' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Please confirm' })).getByRole('button', { name: 'Confirm' }),
    );
    expect(await screen.findByText('Nobody is assigned to this venue yet.')).toBeTruthy();
    expect(calls(fetchMock, 'DELETE', '/api/v1/venue/1/users/4/')).toHaveLength(1);
  });
});

describe('other settings', () => {
  it('saves the head-number range, self-checkout, currency display and tax-inclusive prices', async () => {
    const fetchMock = server({
      'PATCH /api/v1/venue/1/': () =>
        json(200, { ...venue, head_number_from: 100, head_number_to: 399, self_checkout: true }),
      'GET /api/v1/venue/1/': () => json(200, venue),
    });
    renderApp('/venues/1/config/other');
    const from = await screen.findByRole('textbox', { name: 'Head numbers from' }, SLOW);
    fireEvent.change(from, { target: { value: '100' } });
    const limit = screen.getByRole('textbox', { name: 'Limit for one entry' }) as HTMLInputElement;
    expect(limit.value).toBe('10000.00');
    fireEvent.change(limit, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('This value is too small.')).toBeTruthy();
    fireEvent.change(limit, { target: { value: '1,000,000,000.01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This value is too large.')).toBeTruthy();
    expect(calls(fetchMock, 'PATCH', '/api/v1/venue/1/')).toHaveLength(0);
    fireEvent.change(limit, { target: { value: '2,500.00' } });

    fireEvent.change(screen.getByRole('textbox', { name: 'Head numbers to' }), { target: { value: '399' } });
    fireEvent.click(screen.getByRole('switch', { name: /Self-checkout/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts()).toContain('Saved successfully.'));
    expect(bodies(fetchMock, 'PATCH', '/api/v1/venue/1/')).toEqual([
      {
        head_number_from: 100,
        head_number_to: 399,
        self_checkout: true,
        currencyDisplay: '€',
        prices_include_tax: true,
        max_entry_minor: 250_000,
      },
    ]);
  });
});

describe('whitelabel', () => {
  it('uploads the logo as form field `file` through the upload dialog and shows the new logo', async () => {
    const fetchMock = server({
      'POST /api/v1/venue/1/whitelabel_logo/': () =>
        json(200, { ...venue, whitelabel_logo_url: '/media/venue-logo/7-abc.png' }),
      'GET /api/v1/venue/1/': () => json(200, venue),
    });
    renderApp('/venues/1/config/whitelabels');
    expect(await screen.findByText('No logo uploaded.', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload logo' }));
    const dialog = await screen.findByRole('dialog', { name: "Upload the venue's logo" });
    const file = new File(['<svg/>'], 'logo.png', { type: 'image/png' });
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [file] } });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Confirm upload' }));

    const logo = await screen.findByRole('img', { name: 'Logo of Paddock Classic 2026' });
    expect(logo.getAttribute('src')).toBe('/media/venue-logo/7-abc.png');
    const uploads = calls(fetchMock, 'POST', '/api/v1/venue/1/whitelabel_logo/');
    expect(uploads).toHaveLength(1);
    expect((uploads[0]?.[1]?.body as FormData).get('file')).toBe(file);
    expect(screen.getByRole('button', { name: 'Replace logo' })).toBeTruthy();
  });

  it('saves the domain and shows a server field error on it', async () => {
    let patches = 0;
    const fetchMock = server({
      'PATCH /api/v1/venue/1/': () =>
        ++patches === 1
          ? json(400, { error: 'validation', message: 'Invalid', fields: { whitelabel_domain: ['invalid'] } })
          : json(200, { ...venue, whitelabel_domain: 'show.example.com' }),
      'GET /api/v1/venue/1/': () => json(200, venue),
    });
    renderApp('/venues/1/config/whitelabels');
    const domain = await screen.findByRole('textbox', { name: 'Whitelabel domain' }, SLOW);
    fireEvent.change(domain, { target: { value: 'https://show' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid value.')).toBeTruthy();
    expect(domain.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(domain, { target: { value: 'show.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts()).toContain('Saved successfully.'));
    expect(bodies(fetchMock, 'PATCH', '/api/v1/venue/1/').at(-1)).toEqual({ whitelabel_domain: 'show.example.com' });
  });
});

describe('e-mail templates', () => {
  const welcome: EmailTemplate = {
    id: 3,
    venue: 1,
    kind: 'onboarding',
    language: 'en',
    name: 'Welcome',
    subject: 'Welcome to {venue_name}',
    body_html: '<p>Hello</p>',
  };

  function templateServer() {
    return server({
      'GET /api/v1/emailTemplate/': () => json(200, { count: 1, results: [welcome] }),
      'POST /api/v1/emailTemplate/3/send/': () => json(200, { detail: 'sent' }),
      'POST /api/v1/emailTemplate/': () => json(201, { ...welcome, id: 4, kind: 'custom', name: 'Reminder' }),
      'GET /api/v1/venue/1/': () => json(200, venue),
    });
  }

  it('sends a test of a template to the signed-in user', async () => {
    const fetchMock = templateServer();
    renderApp('/venues/1/config/emails');
    fireEvent.click(await screen.findByRole('button', { name: 'Send test to me: Welcome' }, SLOW));
    await waitFor(() => expect(toasts()).toContain('The test e-mail is on its way to you.'));
    expect(bodies(fetchMock, 'POST', '/api/v1/emailTemplate/3/send/')).toEqual([{ venue: 1 }]);
  });

  it('writes a template in the rich-text editor with placeholder chips', async () => {
    const fetchMock = templateServer();
    renderApp('/venues/1/config/emails');
    fireEvent.click(await screen.findByRole('button', { name: 'Add template' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Add template' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Reminder' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Subject' }), { target: { value: 'See you soon' } });
    const editor = await within(dialog).findByRole('textbox', { name: 'Text' });
    expect(editor.getAttribute('contenteditable')).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert {first_name}' }));
    await waitFor(() => expect(editor.textContent).toContain('{first_name}'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add template' })).toBeNull());
    const [sent] = bodies(fetchMock, 'POST', '/api/v1/emailTemplate/') as [Record<string, unknown>];
    expect(sent).toMatchObject({ venue: 1, name: 'Reminder', subject: 'See you soon', kind: 'custom', language: 'en' });
    expect(sent.body_html).toContain('{first_name}');
  });
});
