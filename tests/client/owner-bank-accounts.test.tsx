import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listBankAccounts } from '@/features/owner/api/bank-accounts';
import { listOwnerTransactions } from '@/features/owner/api/money';
import { json, renderApp, resetStore } from './helpers';
import { account, admin, bodies, calls, rider, server, SLOW, startAs, toasts, validation } from './owner-fixtures';

beforeEach(() => {
  startAs(rider);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const list = () => json(200, { count: 1, results: [account] });

describe('bank accounts', () => {
  it("lists the rider's own accounts with the IBAN in groups of four and the default badge", async () => {
    const fetchMock = server({ 'GET /api/v1/rider/3/bankAccounts/': list });
    renderApp('/rider/bankAccounts');
    const table = await screen.findByRole('table', { name: 'Bank accounts' }, SLOW);
    expect(within(table).getByText('DE89 3704 0044 0532 0130 00')).toBeTruthy();
    expect(within(table).getByText('COBADEFFXXX')).toBeTruthy();
    expect(within(table).getAllByText('Default').length).toBeGreaterThan(1);
    expect(calls(fetchMock, 'GET', '/api/v1/rider/3/bankAccounts/')).toHaveLength(1);
  });

  it('refuses an invalid IBAN on the client: the field error is shown and nothing is sent', async () => {
    const fetchMock = server({ 'POST /api/v1/rider/3/bankAccounts/': () => json(201, account) });
    renderApp('/rider/bankAccounts/add');
    fireEvent.change(await screen.findByLabelText(/Account holder/, {}, SLOW), { target: { value: 'Rita Reiter' } });
    fireEvent.change(screen.getByLabelText(/IBAN/), { target: { value: 'DE89 3704 0044 0532 0130 01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid IBAN.')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/api/v1/rider/3/bankAccounts/')).toHaveLength(0);
  });

  it('adds an account with the IBAN normalised, says so and goes back to the list', async () => {
    const fetchMock = server({
      'POST /api/v1/rider/3/bankAccounts/': () => json(201, account),
      'GET /api/v1/rider/3/bankAccounts/': list,
    });
    const router = renderApp('/rider/bankAccounts/add');
    fireEvent.change(await screen.findByLabelText(/Account holder/, {}, SLOW), { target: { value: 'Rita Reiter' } });
    fireEvent.change(screen.getByLabelText(/IBAN/), { target: { value: 'de89 3704 0044 0532 0130 00' } });
    fireEvent.change(screen.getByLabelText(/BIC/), { target: { value: 'cobadeffxxx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rider/bankAccounts'));
    expect(bodies(fetchMock, 'POST', '/api/v1/rider/3/bankAccounts/')).toEqual([
      {
        holder_name: 'Rita Reiter',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        bank_name: null,
        currency: 'EUR',
        is_default: false,
        kind: 'own',
      },
    ]);
    expect(toasts()).toContain('Saved successfully.');
  });

  it("attaches the server's field errors to the edit form", async () => {
    server({
      'GET /api/v1/bankAccount/31/': () => json(200, account),
      'PATCH /api/v1/bankAccount/31/': () => validation({ holder_name: ['too_long'], __all__: ['in_use'] }),
    });
    renderApp('/rider/bankAccounts/31');
    const holder = await screen.findByLabelText(/Account holder/, {}, SLOW);
    expect((holder as HTMLInputElement).value).toBe('Rita Reiter');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This value is too long.')).toBeTruthy();
    expect(holder.getAttribute('aria-invalid')).toBe('true');
    expect(toasts()).not.toContain('Saved successfully.');
  });

  it('deletes after the confirm dialog: "Record deleted."', async () => {
    const fetchMock = server({
      'GET /api/v1/rider/3/bankAccounts/': list,
      'DELETE /api/v1/bankAccount/31/': () => new Response(null, { status: 204 }),
    });
    renderApp('/rider/bankAccounts');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete DE89 3704 0044 0532 0130 00' }, SLOW));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toasts()).toContain('Record deleted.'));
    expect(calls(fetchMock, 'DELETE', '/api/v1/bankAccount/31/')).toHaveLength(1);
  });

  it("takes a managed owner from the route: the admin's /riders/5/ pages ask about rider 5, with the section links", async () => {
    resetStore({ token: 'token', user: admin });
    const fetchMock = server({
      'GET /api/v1/rider/5/bankAccounts/': () => json(200, { count: 0, results: [] }),
      'GET /api/v1/rider/5/': () => json(200, { id: 5, first_name: 'Max', last_name: 'Muster' }),
    });
    renderApp('/riders/5/bankAccounts');
    expect(await screen.findByText('No bank accounts yet.', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('Max Muster')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Sections of this person' });
    expect(within(nav).getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/riders/5/profile');
    expect(within(nav).getByRole('link', { name: 'Bank accounts' }).getAttribute('aria-current')).toBe('page');
    expect(calls(fetchMock, 'GET', '/api/v1/rider/3/bankAccounts/')).toHaveLength(0);
  });
});

describe('required ids', () => {
  it('a call without the owner id gives "Missing params." and sends nothing', async () => {
    const fetchMock = server({});
    await expect(listBankAccounts({ type: 'rider', id: null })).rejects.toThrow('Missing params.');
    await expect(listBankAccounts({ type: 'official', id: undefined })).rejects.toThrow('Missing params.');
    await expect(listOwnerTransactions({ type: 'employer', id: 2 }, null)).rejects.toThrow('Missing params.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
