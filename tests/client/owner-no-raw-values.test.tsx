import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHARGE_CATEGORIES, TRANSACTION_KINDS, TRANSACTION_SOURCES } from '@shared/ledger';
import type { Transaction } from '@shared/schemas/ledger';
import { changeLanguage } from '@/lib/i18n';
import { json, renderApp } from './helpers';
import { rider, server, SLOW, startAs } from './owner-fixtures';
import { choose, merchantUser, rita } from './people-fixtures';

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

/** Raw values of the ledger's enums: none may reach the screen as such (item 10). */
const RAW = [...CHARGE_CATEGORIES, ...TRANSACTION_KINDS, ...TRANSACTION_SOURCES, 'open', 'invoiced', 'reversed'];
/** Texts on screen that are a raw value, a snake_case value or a translation key. */
const rawOnScreen = () => {
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    // "username · e-mail" of the signed-in card: a username may read like a value ("merchant").
    if (text.includes('@')) continue;
    const parts = text.split(/\s+·\s+|,\s+/);
    if (parts.some((part) => RAW.includes(part) || /^[a-z]+_[a-z_]+$|^[a-z]+\.[a-zA-Z.]+$/.test(part)))
      found.push(text);
  }
  return found;
};

const base = {
  venue: 1,
  party: { type: 'rider', id: 3, name: 'Rita Reiter' },
  beneficiary: null,
  merchant: null,
  consumable: null,
  vec: null,
  quantity: 1,
  unit_price: 1000,
  tax_type: null,
  tax_rate_bp: 0,
  prices_include_tax: true,
  tax: 0,
  fee: 0,
  currency: 'EUR',
  source: 'office',
  created_by: null,
  device_id: null,
  occurred_at: '2026-12-03T09:30:00Z',
  recorded_at: '2026-12-03T09:30:00Z',
  invoice: null,
  reversal_of: null,
  reversed_by: null,
  replaces: null,
  editable: false,
};
const entry = (id: number, fields: Partial<Transaction>) =>
  ({ ...base, id, net: fields.gross, ...fields }) as unknown as Transaction;

/** Entries as the seeded demo day has them: some without a description, a reversal, a sale. */
const entries = [
  entry(1, { kind: 'charge', category: 'other', description: '', gross: -2850 }),
  entry(2, { kind: 'payment', category: 'other', description: '', gross: 50_000 }),
  entry(3, {
    kind: 'charge',
    category: 'shavings',
    description: 'Shavings · Hobelspäne',
    gross: -1250,
    reversed_by: 4,
  }),
  entry(4, {
    kind: 'reversal',
    category: 'shavings',
    description: 'Shavings · Hobelspäne',
    gross: 1250,
    reversal_of: 3,
  }),
  entry(5, {
    kind: 'sale',
    category: 'other',
    description: 'Sottosella · Saddle pad',
    gross: -4500,
    source: 'merchant',
  }),
  entry(6, { kind: 'charge', category: 'entry_fee', description: '', gross: -15_000, invoice: 7 }),
];

describe('no raw key or enum value on screen', () => {
  it.each([
    ['en', ['Charge · Other', 'Payment · Other', 'Reversal · Shavings', 'Charge · Entry fee']],
    ['de', ['Belastung · Sonstiges', 'Zahlung · Sonstiges', 'Storno · Späne', 'Belastung · Nenngeld']],
  ] as const)("the rider's entries at a show name kind and category in %s", async (language, texts) => {
    startAs({ ...rider, language });
    await changeLanguage(language);
    server({
      'GET /api/v1/transaction/': () =>
        json(200, { count: entries.length, results: entries, totals: { net: -1000, tax: 0, gross: 30_400 } }),
    });
    renderApp('/rider/shows/1/transactions');
    await screen.findByText('Sottosella · Saddle pad', {}, SLOW);
    for (const text of texts) expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(rawOnScreen()).toEqual([]);
    expect(document.body.textContent).not.toMatch(/money\.|owner:/);
  });

  it("the merchant's sales and dashboard show no raw value", async () => {
    startAs(merchantUser);
    const sales = entries.filter((e) => e.kind === 'sale');
    server({
      'GET /api/v1/transaction/': () =>
        json(200, { count: sales.length, results: sales, totals: { net: 0, tax: 0, gross: 0 } }),
    });
    const router = renderApp('/merchant/listTransactions');
    await screen.findByText('Sottosella · Saddle pad', {}, SLOW);
    expect(rawOnScreen()).toEqual([]);
    await router.navigate('/merchant/dashboard');
    expect(await screen.findByText('Sales: 1', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('45.00 € (fees 0.00 €)')).toBeTruthy();
    expect(rawOnScreen()).toEqual([]);
  });

  it('an unknown QR code says so to the merchant, in their language', async () => {
    startAs({ ...merchantUser, language: 'it' });
    await changeLanguage('it');
    server({
      'GET /api/v1/merchant/venues/': () =>
        json(200, {
          count: 1,
          results: [
            { id: 1, name: 'Paddock Classic', city: null, country: null, start_date: null, end_date: null, logo: null },
          ],
        }),
      'GET /api/v1/merchant/riders/': () =>
        json(200, { count: 1, results: [{ ...rita, balance: 0, participation: 1 }] }),
      'GET /api/v1/merchant/qr/': () =>
        json(404, {
          error: 'unknown_qr',
          message: 'Unknown QR code: it is not the code of a rider or groom at this show.',
        }),
    });
    renderApp('/merchant/addTransaction');
    await screen.findByRole('form', { name: 'Nuova vendita' }, SLOW);
    await choose('Concorso', 'Paddock Classic');
    fireEvent.change(screen.getByRole('textbox', { name: 'Codice QR' }), { target: { value: 'r-999-forged' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cerca' }));
    expect(
      await screen.findByText('Codice QR sconosciuto: non è il codice di nessun cavaliere o groom di questo concorso.'),
    ).toBeTruthy();
    expect(screen.queryByText(/non esiste più/)).toBeNull();
  });
});
