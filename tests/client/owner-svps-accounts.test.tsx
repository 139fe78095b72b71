import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BankAccount } from '@shared/schemas/owner';
import { json, renderApp } from './helpers';
import { account, admin, bodies, calls, rider, server, SLOW, startAs, toasts, validation } from './owner-fixtures';

/** The SVPS variant of the rider's bank accounts: the admin's pages and the rider's read-only view. */

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const svps: BankAccount = {
  ...account,
  id: 32,
  holder_name: 'Schweizerischer Verband für Pferdesport SVPS',
  iban: 'CH9300762011623852957',
  bic: null,
  bank_name: null,
  currency: 'CHF',
  is_default: false,
  kind: 'federation',
  federation: 'SVPS',
  member_number: 'CH12345',
};
const both = () => json(200, { count: 2, results: [account, svps] });
const profile = () => json(200, { id: 3, first_name: 'Rita', last_name: 'Reiter' });

describe('SVPS bank accounts', () => {
  it('shows the admin both kinds side by side, adds one with the federation prefilled and the member number checked', async () => {
    startAs(admin);
    const fetchMock = server({
      'GET /api/v1/rider/3/bankAccounts/': both,
      'POST /api/v1/rider/3/bankAccounts/': () => json(201, svps),
      'GET /api/v1/rider/3/': profile,
    });
    const router = renderApp('/riders/3/bankAccounts');
    const own = await screen.findByRole('table', { name: 'Bank accounts' }, SLOW);
    expect(within(own).getByText('DE89 3704 0044 0532 0130 00')).toBeTruthy();
    expect(within(own).queryByText('CH93 0076 2011 6238 5295 7')).toBeNull();
    const federation = screen.getByRole('table', { name: 'Federation account (SVPS)' });
    expect(within(federation).getByText('SVPS')).toBeTruthy();
    expect(within(federation).getByText('CH12345')).toBeTruthy();
    expect(within(federation).getByRole('button', { name: 'Edit SVPS member CH12345' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add SVPS account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/riders/3/bankAccounts/svps/add'));
    const form = await screen.findByRole('form', { name: 'Add SVPS account' }, SLOW);
    expect((within(form).getByLabelText(/Account holder/) as HTMLInputElement).value).toBe(
      'Schweizerischer Verband für Pferdesport SVPS',
    );
    fireEvent.change(within(form).getByLabelText(/IBAN of the federation/), {
      target: { value: 'ch93 0076 2011 6238 5295 7' },
    });
    fireEvent.change(within(form).getByLabelText(/Member number/), { target: { value: '12-345' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a valid member number (letters and digits, up to 20).')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/api/v1/rider/3/bankAccounts/')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/Member number/), { target: { value: 'ch12345' } });
    fireEvent.click(within(form).getByLabelText(/Pay out to the federation/));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/riders/3/bankAccounts'));
    expect(bodies(fetchMock, 'POST', '/api/v1/rider/3/bankAccounts/')).toEqual([
      {
        holder_name: 'Schweizerischer Verband für Pferdesport SVPS',
        iban: 'CH9300762011623852957',
        bic: null,
        bank_name: null,
        currency: 'CHF',
        is_default: true,
        kind: 'federation',
        federation: 'SVPS',
        member_number: 'CH12345',
      },
    ]);
    expect(toasts()).toContain('Saved successfully.');
  });

  it("attaches the server's answer to the SVPS edit form", async () => {
    startAs(admin);
    server({
      'GET /api/v1/bankAccount/32/': () => json(200, svps),
      'PATCH /api/v1/bankAccount/32/': () => validation({ member_number: ['required'] }),
      'GET /api/v1/rider/3/': profile,
    });
    renderApp('/riders/3/bankAccounts/svps/32');
    const form = await screen.findByRole('form', { name: 'Edit SVPS account' }, SLOW);
    expect((within(form).getByLabelText(/Member number/) as HTMLInputElement).value).toBe('CH12345');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This field is required.')).toBeTruthy();
  });

  it('shows the rider the federation account read-only, with no way to add one', async () => {
    startAs(rider);
    server({ 'GET /api/v1/rider/3/bankAccounts/': both });
    renderApp('/rider/bankAccounts');
    const federation = await screen.findByRole('table', { name: 'Federation account (SVPS)' }, SLOW);
    expect(within(federation).getByText('CH12345')).toBeTruthy();
    expect(within(federation).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add SVPS account' })).toBeNull();
    expect(screen.getByText(/Set by the show office/)).toBeTruthy();
    // Their own accounts stay theirs to edit.
    expect(screen.getByRole('button', { name: 'Add bank account' })).toBeTruthy();
  });
});
