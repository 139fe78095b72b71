import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addEmployee } from '@/features/employer/api/add-employee';
import { endEmployment } from '@/features/employer/api/end-employment';
import { queryClient } from '@/lib/query-client';
import { useAppStore } from '@/lib/store';
import { json, makeUser, mockFetch, renderApp, resetStore } from './helpers';
import { employerUser, employment, sent } from './people-fixtures';

const PAGE_LOAD = { timeout: 45_000 };
const otto = { id: 5, user: 15, name: 'Otto Ohne', email: 'otto@paddock.demo', fei_id: null };
const active = employment({ status: 'confirmed', date_from: '2026-01-10' });
const pending = employment({ employmentId: 32, rider: otto, status: 'pending' });

beforeEach(() => {
  queryClient.clear();
  resetStore({ token: 'token', user: employerUser });
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('employer employees', () => {
  it('links its sections from the overview', async () => {
    mockFetch({ 'GET /api/v1/employer/4/balance/': () => json(200, { results: [] }) });
    renderApp('/employer/overview');
    const card = (await screen.findByRole('heading', { name: 'Your pages' }, PAGE_LOAD)).closest('section')!;
    expect(within(card).getByRole('link', { name: 'Employees' }).getAttribute('href')).toBe('/employer/employees');
    expect(within(card).getByRole('link', { name: 'Bank accounts' }).getAttribute('href')).toBe(
      '/employer/bankAccounts',
    );
  });

  it('lists employees with their status; only an active one can be edited or ended, ending sends the date', async () => {
    let employees = [active, pending];
    const fetchMock = mockFetch({
      'GET /api/v1/employer/4/employees/': () => json(200, { count: employees.length, results: employees }),
      'POST /api/v1/employer/endEmployment/': () => {
        employees = [{ ...active, status: 'ended', date_to: '2026-12-31' }, pending];
        return json(200, employees[0]);
      },
    });
    renderApp('/employer/employees');
    const ritaRow = (await screen.findByText('Rita Reiter', {}, PAGE_LOAD)).closest('tr')!;
    expect(within(ritaRow).getByText('Active')).toBeTruthy();
    const ottoRow = screen.getByText('Otto Ohne').closest('tr')!;
    expect(within(ottoRow).getByText('Pending')).toBeTruthy();
    expect(within(ottoRow).queryByRole('button')).toBeNull();

    fireEvent.click(within(ritaRow).getByRole('button', { name: 'End the employment of Rita Reiter' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the employment of Rita Reiter' });
    fireEvent.change(within(dialog).getByLabelText(/Last day/), { target: { value: '2026-12-31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(fetchMock, 'POST', '/endEmployment/')).toEqual([{ employmentId: 31, date_to: '2026-12-31' }]);
    expect(await within(screen.getByText('Rita Reiter').closest('tr')!).findByText('Ended')).toBeTruthy();
  });

  it("opens an active employee's rider pages under employeeRider", async () => {
    mockFetch({
      'GET /api/v1/employer/4/employees/': () => json(200, { count: 1, results: [active] }),
    });
    const router = renderApp('/employer/employees');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Rita Reiter' }, PAGE_LOAD));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/employer\/employees\/edit\/3(\/|$)/));
  });

  it('finds the rider by e-mail, shows who it is, and adds them as a pending employee', async () => {
    const fetchMock = mockFetch({
      'POST /api/v1/employer/findRider/': () => json(200, { id: 3, type: 'rider', name: 'Rita Reiter' }),
      'POST /api/v1/employer/addEmployee/': () => json(201, employment()),
      'GET /api/v1/employer/4/employees/': () => json(200, { count: 1, results: [employment()] }),
    });
    const router = renderApp('/employer/employees/add');
    fireEvent.change(await screen.findByRole('textbox', { name: 'E-mail' }, PAGE_LOAD), {
      target: { value: 'rider@paddock.demo' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    const found = await screen.findByRole('region', { name: 'Rider found' });
    expect(within(found).getByText('Rita Reiter')).toBeTruthy();
    expect(sent(fetchMock, 'POST', '/findRider/')).toEqual([{ by: 'email', value: 'rider@paddock.demo' }]);
    expect(sent(fetchMock, 'POST', '/addEmployee/')).toEqual([]);

    fireEvent.click(within(found).getByRole('button', { name: 'Add Rita Reiter as employee' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/employer/employees'));
    expect(sent(fetchMock, 'POST', '/addEmployee/')).toEqual([{ employer: 4, rider: 3 }]);
  });

  it('looks a rider up by FEI id and says so when there is none', async () => {
    const fetchMock = mockFetch({
      'POST /api/v1/employer/findRider/': () => json(404, { error: 'not_found', message: 'Not found' }),
    });
    renderApp('/employer/employees/add');
    fireEvent.click(await screen.findByRole('radio', { name: 'FEI id' }, PAGE_LOAD));
    fireEvent.change(await screen.findByRole('textbox', { name: 'FEI id' }), { target: { value: '10099999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('No rider found. Check the value or try another way.')).toBeTruthy();
    expect(sent(fetchMock, 'POST', '/findRider/')).toEqual([{ by: 'fei_id', value: '10099999' }]);
  });

  it('refuses a look-up without a value: Missing params., nothing sent', async () => {
    const fetchMock = mockFetch({});
    renderApp('/employer/employees/add');
    fireEvent.click(await screen.findByRole('button', { name: 'Find' }, PAGE_LOAD));
    expect(await screen.findByText('Missing params.')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it('refuses adding or ending without the ids before anything is sent', () => {
    const fetchMock = mockFetch({});
    expect(() => addEmployee(4, Number.NaN)).toThrow('Missing params.');
    expect(() => addEmployee(Number.NaN, 3)).toThrow('Missing params.');
    expect(() => endEmployment({ employmentId: Number.NaN, date_to: '2026-12-31' })).toThrow('Missing params.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('registering as an employer', () => {
  const simpleUser = makeUser({ id: 21, username: 'sam', roles: ['simpleuser'], rider_id: null, simple_user_id: 6 });

  it('a simple user registers a company, becomes an employer and lands on the employer overview', async () => {
    resetStore({ token: 'token', user: simpleUser });
    let registered = false;
    const fetchMock = mockFetch({
      'GET /api/v1/simpleuser/6/balance/': () => json(200, { results: [] }),
      'GET /api/v1/employer/4/balance/': () => json(200, { results: [] }),
      'POST /api/v1/employer/register/': () => {
        registered = true;
        return json(201, { id: 4, company_name: 'Stall Sonne' });
      },
      'GET /api/auth/user/': () =>
        json(200, registered ? { ...simpleUser, roles: ['simpleuser', 'employer'], employer_id: 4 } : simpleUser),
    });
    const router = renderApp('/simpleuser/overview');
    fireEvent.click(await screen.findByRole('button', { name: 'Register as employer' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Employ riders?' });
    // The names and e-mail come from the account; the company name is required.
    expect((within(dialog).getByLabelText(/First name/) as HTMLInputElement).value).toBe('Rita');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register as employer' }));
    expect(await within(dialog).findByText(/required/i)).toBeTruthy();
    expect(sent(fetchMock, 'POST', '/employer/register/')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/Company name/), { target: { value: 'Stall Sonne' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register as employer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/employer/overview'));
    expect(sent(fetchMock, 'POST', '/employer/register/')).toEqual([
      expect.objectContaining({
        company_name: 'Stall Sonne',
        first_name: 'Rita',
        last_name: 'Reiter',
        email: 'rider@paddock.demo',
      }),
    ]);
    expect(useAppStore.getState().user?.employer_id).toBe(4);
    expect(await screen.findByRole('heading', { name: 'Your pages' }, PAGE_LOAD)).toBeTruthy();
  });

  it('is not offered to an employer', async () => {
    mockFetch({ 'GET /api/v1/employer/4/balance/': () => json(200, { results: [] }) });
    renderApp('/employer/overview');
    await screen.findByRole('heading', { name: 'Your pages' }, PAGE_LOAD);
    expect(screen.queryByRole('button', { name: 'Register as employer' })).toBeNull();
  });
});
