import { notifications } from '@mantine/notifications';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditLogEntry } from '@shared/schemas/audit-log';
import type { ErrorReport } from '@shared/schemas/error-report';
import { Providers } from '@/app/providers';
import { AuditLogTable } from '@/features/system/components/audit-log-table';
import { ErrorReportTable } from '@/features/system/components/error-report-table';
import { formatDateTime } from '@/lib/format';
import { queryClient } from '@/lib/query-client';
import { json, makeUser, mockFetch, renderApp, resetStore } from './helpers';

const admin = makeUser({ id: 1, username: 'admin', roles: ['admin'], rider_id: null });

function report(id: number, overrides: Partial<ErrorReport> = {}): ErrorReport {
  return {
    id,
    kind: 'http',
    status: 502,
    method: 'GET',
    url: `/api/v1/venue/${id}/`,
    message: `Bad gateway ${id}`,
    page: 'http://localhost/organizer/list',
    version: '3.141.0',
    user_id: null,
    username: null,
    user_agent: 'Mozilla/5.0 (test)',
    created_at: '2026-12-03T09:15:00.000Z',
    ...overrides,
  };
}

function entry(id: number, overrides: Partial<AuditLogEntry> = {}): AuditLogEntry {
  return {
    id,
    at: '2026-12-03T10:00:00.000Z',
    actor_user_id: 1,
    actor_username: 'admin',
    impersonator_id: null,
    impersonator_username: null,
    action: 'auth.login',
    target_user_id: null,
    target_username: null,
    ip: '127.0.0.1',
    user_agent: 'Mozilla/5.0 (test)',
    details: { method: 'password' },
    ...overrides,
  };
}

/** 250 reports, served 100 a page like the server, narrowed by `kind`. */
function reportServer(all: ErrorReport[]) {
  return (url: URL) => {
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('page_size') ?? 100);
    const kind = url.searchParams.get('kind');
    const matching = kind ? all.filter((r) => r.kind === kind) : all;
    return json(200, { count: matching.length, results: matching.slice((page - 1) * size, page * size) });
  };
}

/** A hundred Mantine rows take a while to render in jsdom. */
const SLOW = { timeout: 45_000 };

/** Body rows only: role queries over a hundred Mantine rows are slow in jsdom. */
const bodyRows = () => document.querySelectorAll('tbody tr');

const queries = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));

function renderWithProviders(ui: ReactNode) {
  return render(<Providers>{ui}</Providers>);
}

beforeEach(() => {
  queryClient.clear();
  resetStore({ token: 'token', user: admin });
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('error report table', () => {
  // Newest first, ids 250..1; every 50th (ids 250, 200, …) a network failure, id 249 signed in.
  const all = Array.from({ length: 250 }, (_, i) =>
    report(250 - i, {
      ...(i % 50 === 0 && { kind: 'network', status: null, method: 'POST', message: `offline ${i}` }),
      ...(i === 1 && { user_id: 9, username: 'stable' }),
    }),
  );

  it('shows a page of reports with their time, kind, request and user', async () => {
    const fetchMock = mockFetch({ 'GET /api/v1/errorReport/': reportServer(all) });
    renderWithProviders(<ErrorReportTable />);

    const table = await screen.findByRole('table', {}, SLOW);
    expect(bodyRows()).toHaveLength(100);
    expect(screen.getByText('Total: 250')).toBeTruthy();
    const row = within(table).getByText('Bad gateway 249').closest('tr')!;
    expect(within(row).getByText(formatDateTime('2026-12-03T09:15:00.000Z'))).toBeTruthy();
    expect(within(row).getByText('Server error')).toBeTruthy();
    expect(within(row).getByText('502')).toBeTruthy();
    expect(within(row).getByText('GET /api/v1/venue/249/')).toBeTruthy();
    expect(within(row).getByText('stable')).toBeTruthy();
    expect(within(within(table).getByText('Bad gateway 248').closest('tr')!).getByText('Not signed in')).toBeTruthy();
    expect(queries(fetchMock, '/api/v1/errorReport/')).toEqual([{ page: '1', page_size: '100' }]);
  });

  it('pages through 100 at a time', async () => {
    const fetchMock = mockFetch({ 'GET /api/v1/errorReport/': reportServer(all) });
    renderWithProviders(<ErrorReportTable />);
    await screen.findByText('offline 0', {}, SLOW);

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: '3' }));
    expect(await screen.findByText('Bad gateway 49', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('offline 0')).toBeNull();
    expect(bodyRows()).toHaveLength(50);
    expect(queries(fetchMock, '/api/v1/errorReport/').at(-1)).toEqual({ page: '3', page_size: '100' });
  });

  it('filters by kind from the first page on', async () => {
    const fetchMock = mockFetch({ 'GET /api/v1/errorReport/': reportServer(all) });
    renderWithProviders(<ErrorReportTable />);
    await screen.findByText('Total: 250', {}, SLOW);
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: '2' }));
    await screen.findByText('Bad gateway 149', {}, SLOW);

    fireEvent.change(screen.getByRole('combobox', { name: 'Kind' }), { target: { value: 'network' } });
    expect(await screen.findByText('Total: 5', {}, SLOW)).toBeTruthy();
    expect(queries(fetchMock, '/api/v1/errorReport/').at(-1)).toEqual({
      page: '1',
      page_size: '100',
      kind: 'network',
    });
    expect(screen.getByText('offline 200')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('applies a status filter only once it is a whole HTTP status', async () => {
    const fetchMock = mockFetch({ 'GET /api/v1/errorReport/': () => json(200, { count: 0, results: [] }) });
    renderWithProviders(<ErrorReportTable />);
    expect(await screen.findByText('No errors have been reported.')).toBeTruthy();
    const status = screen.getByRole('textbox', { name: 'HTTP status' });
    fireEvent.change(status, { target: { value: '50' } });
    fireEvent.change(status, { target: { value: '503' } });
    expect(await screen.findByText('No error reports match these filters.')).toBeTruthy();
    expect(queries(fetchMock, '/api/v1/errorReport/').map((q) => q.status)).toEqual([undefined, '503']);
  });

  it('opens the details with message and stack trace', async () => {
    mockFetch({
      'GET /api/v1/errorReport/': () =>
        json(200, {
          count: 1,
          results: [
            report(7, {
              user_id: 9,
              username: 'stable',
              message: 'TypeError: x is undefined',
              stack: 'TypeError: x is undefined\n    at render (app.js:1:2)',
            }),
          ],
        }),
    });
    renderWithProviders(<ErrorReportTable />);
    fireEvent.click(await screen.findByRole('button', { name: 'Details of report 7' }));

    const dialog = await screen.findByRole('dialog', { name: 'Error report 7' });
    expect(within(dialog).getByText(/at render \(app\.js:1:2\)/)).toBeTruthy();
    expect(within(dialog).getByText('http://localhost/organizer/list')).toBeTruthy();
    expect(within(dialog).getByText('Mozilla/5.0 (test)')).toBeTruthy();
    expect(within(dialog).getByText('3.141.0')).toBeTruthy();
    expect(within(dialog).getByText('#9')).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when a report has no stack trace', async () => {
    mockFetch({ 'GET /api/v1/errorReport/': () => json(200, { count: 1, results: [report(3)] }) });
    renderWithProviders(<ErrorReportTable />);
    fireEvent.click(await screen.findByText('Bad gateway 3'));
    const dialog = await screen.findByRole('dialog', { name: 'Error report 3' });
    expect(within(dialog).getByText('No stack trace was sent.')).toBeTruthy();
  });
});

describe('audit log table', () => {
  const rows = [
    entry(3, {
      action: 'auth.impersonate',
      target_user_id: 7,
      target_username: 'rider',
      details: {},
    }),
    entry(2, {
      action: 'auth.logout',
      actor_user_id: 7,
      actor_username: 'rider',
      impersonator_id: 1,
      impersonator_username: 'admin',
      details: {},
    }),
    entry(1),
  ];

  it('shows the entries with who did what to whom', async () => {
    mockFetch({ 'GET /api/v1/auditLog/': () => json(200, { count: 3, results: rows }) });
    renderWithProviders(<AuditLogTable />);
    const table = await screen.findByRole('table');
    expect(bodyRows()).toHaveLength(3);
    const impersonate = within(table).getByText('auth.impersonate').closest('tr')!;
    expect(within(impersonate).getByText('admin')).toBeTruthy();
    expect(within(impersonate).getByText('rider')).toBeTruthy();
    const logout = within(table).getByText('auth.logout').closest('tr')!;
    expect(within(logout).getByText('Impersonated by admin')).toBeTruthy();
    expect(screen.getByText('Total: 3')).toBeTruthy();
  });

  it('shows the details of an entry as JSON', async () => {
    mockFetch({ 'GET /api/v1/auditLog/': () => json(200, { count: 3, results: rows }) });
    renderWithProviders(<AuditLogTable />);
    fireEvent.click(await screen.findByRole('button', { name: 'Details of entry 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Audit log entry 1' });
    expect(within(dialog).getByText(/"method": "password"/)).toBeTruthy();
    expect(within(dialog).getByText('127.0.0.1')).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Details of entry 3' }));
    expect(await screen.findByText('No further details.')).toBeTruthy();
  });

  it('filters by action (after typing stops) and by user id', async () => {
    const fetchMock = mockFetch({
      'GET /api/v1/auditLog/': (url) =>
        json(200, url.searchParams.has('user') ? { count: 0, results: [] } : { count: 1, results: [rows[2]] }),
    });
    renderWithProviders(<AuditLogTable />);
    await screen.findByText('Total: 1');

    fireEvent.change(screen.getByRole('textbox', { name: 'Action' }), { target: { value: ' auth.login ' } });
    await waitFor(() =>
      expect(queries(fetchMock, '/api/v1/auditLog/').at(-1)).toEqual({
        page: '1',
        page_size: '100',
        action: 'auth.login',
      }),
    );
    fireEvent.change(screen.getByRole('textbox', { name: /User ID/ }), { target: { value: '7' } });
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();
    expect(queries(fetchMock, '/api/v1/auditLog/').at(-1)).toEqual({
      page: '1',
      page_size: '100',
      action: 'auth.login',
      user: '7',
    });
  });

  it('shows a server failure in place of the table', async () => {
    mockFetch({ 'GET /api/v1/auditLog/': () => json(400, { error: 'validation', message: 'Bad filter' }) });
    renderWithProviders(<AuditLogTable />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('system pages in the app', () => {
  function open(path: string, user = admin) {
    resetStore({ token: 'token', user });
    return renderApp(path);
  }

  beforeEach(() => {
    mockFetch({
      'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }),
      'GET /api/v1/venue/': () => json(200, { count: 0, results: [] }),
      'GET /api/v1/config/': () =>
        json(200, {
          version: 'test',
          environment: 'test',
          impersonation_enabled: false,
          stripe_publishable_key: null,
        }),
      'GET /api/v1/errorReport/': () => json(200, { count: 1, results: [report(1)] }),
      'GET /api/v1/auditLog/': () => json(200, { count: 1, results: [entry(1)] }),
    });
  });

  it('the admin dashboard links to both pages', async () => {
    const router = open('/venues');
    const errors = await screen.findByRole('link', { name: 'Error reports' });
    expect(errors.getAttribute('href')).toBe('/errorReports');
    expect(screen.getByRole('link', { name: 'Audit log' }).getAttribute('href')).toBe('/auditLog');
    fireEvent.click(errors);
    expect(await screen.findByRole('heading', { level: 1, name: 'Error reports' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/errorReports');
  });

  it('each page has its title and a breadcrumb back to the venues', async () => {
    open('/auditLog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeTruthy();
    expect(await screen.findByText('auth.login')).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Venues' }).getAttribute('href')).toBe('/venues');
    expect(within(crumbs).getByText('Audit log').getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(document.title).toBe('Paddock - Audit log'));
  });

  it('is for admins only', async () => {
    const router = open('/errorReports', makeUser());
    // The first visit of /403 in this file loads the public pages' chunk.
    expect(await screen.findByRole('heading', { name: 'Permission denied.' }, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/403');
  });
});
