import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VenueDetail } from '@shared/schemas/venue-setup';
import { checkPaste, serverRowErrors } from '@/features/bulk/check-paste';
import { KINDS } from '@/features/bulk/kinds';
import { priceOf } from '@/features/bulk/kinds/consumables';
import { matchHorse } from '@/features/bulk/kinds/head-numbers';
import { detectDelimiter, mapColumns, parseTable } from '@/features/bulk/parse';
import { queryClient } from '@/lib/query-client';
import { demoVenue, json, makeUser, mockFetch, renderApp, resetStore } from './helpers';

const LABELS: Record<string, string> = {
  'venueSetup:category.hay': 'Hay',
  'venueSetup:category.feed': 'Feed',
  'venueSetup:consumables.defaultUnit': 'piece',
};
const t = (key: string) => LABELS[key] ?? key;
const context = { venueId: 1, horses: [], t };

describe('reading pasted rows', () => {
  it('reads tab-separated cells with a header and CSV with commas or semicolons without one', () => {
    const tsv = 'Name\tCategory\tUnit\tPrice\r\nHay\thay\tbale\t12.50\r\n\r\nStraw\tfeed\tbale\t9\n';
    expect(detectDelimiter(tsv)).toBe('\t');
    expect(parseTable(tsv)).toEqual([
      ['Name', 'Category', 'Unit', 'Price'],
      ['Hay', 'hay', 'bale', '12.50'],
      ['Straw', 'feed', 'bale', '9'],
    ]);
    const semicolons = '\uFEFFHeu;hay;Ballen;"12,50"\n"Box; Zelt";box;Nacht;120\n';
    expect(detectDelimiter(semicolons)).toBe(';');
    expect(parseTable(semicolons)).toEqual([
      ['Heu', 'hay', 'Ballen', '12,50'],
      ['Box; Zelt', 'box', 'Nacht', '120'],
    ]);
    expect(parseTable('Hay,hay,bale,"1,234.50"')).toEqual([['Hay', 'hay', 'bale', '1,234.50']]);
  });

  it('maps columns by header names in any of the five languages, in any order, else by position', () => {
    const columns = KINDS.consumables.columns;
    const german = mapColumns(
      [
        ['Preis', 'Name', 'Einheit'],
        ['12,50', 'Heu', 'Ballen'],
      ],
      columns,
    );
    expect(german).toEqual({ header: true, rows: [{ name: 'Heu', category: '', unit: 'Ballen', price: '12,50' }] });
    const polish = mapColumns(
      [
        ['Nazwa', 'Cena jednostkowa', 'Kategoria'],
        ['Siano', '7', 'hay'],
      ],
      columns,
    );
    expect(polish.rows).toEqual([{ name: 'Siano', category: 'hay', unit: '', price: '7' }]);
    const plain = mapColumns([['Hay', 'hay', 'bale', '12.50']], columns);
    expect(plain).toEqual({ header: false, rows: [{ name: 'Hay', category: 'hay', unit: 'bale', price: '12.50' }] });
    const french = mapColumns(
      [
        ['Prénom', 'Nom', 'Courriel'],
        ['Anne', 'Martin', 'a@x.fr'],
      ],
      KINDS.attendees.columns,
    );
    expect(french.rows[0]).toMatchObject({ first_name: 'Anne', last_name: 'Martin', email: 'a@x.fr' });
  });

  it('reads prices as people write them, in minor units', () => {
    expect(priceOf('12,50')).toBe(1250);
    expect(priceOf('€ 1.234,50')).toBe(123450);
    expect(priceOf("1'234.5 CHF")).toBe(123450);
    expect(priceOf('1,234')).toBe(123400);
    expect(priceOf('7')).toBe(700);
    expect(() => priceOf('twelve')).toThrow();
  });

  it('checks every row with the row schema and keeps the server errors at their rows and columns', () => {
    const paste = checkPaste('Hay\tHay\tbale\t12.50\nStraw\tsweets\t\t-1\n\tfeed\tbag\t3', KINDS.consumables, context);
    expect(paste.rows.map((row) => row.input)).toEqual([
      { venue: 1, name: 'Hay', category: 'hay', unit: 'bale', unit_price: 1250 },
      { venue: 1, name: 'Straw', category: 'other', unit: 'piece', unit_price: -100 },
      { venue: 1, name: '', category: 'feed', unit: 'bag', unit_price: 300 },
    ]);
    expect(paste.rows.map((row) => row.errors)).toEqual([
      {},
      { category: ['invalid'], price: ['too_small'] },
      { name: ['required'] },
    ]);
    expect(paste.invalid).toBe(2);
    expect(paste.rows[0]!.display).toEqual({ name: 'Hay', category: 'Hay', unit: 'bale', price: '12.50' });

    const answer = {
      error: 'validation',
      message: 'Please correct the errors below.',
      fields: { '1': { unit_price: ['too_big'], venue: ['does_not_exist'] }, __all__: ['invalid'] },
    };
    expect(serverRowErrors(answer, KINDS.consumables)).toEqual({
      rows: { 1: { price: ['too_big'], __row__: ['does_not_exist'] } },
      form: ['invalid'],
    });
  });

  it('matches head numbers to horses by FEI id or name, a rider picking among namesakes', () => {
    const horses = [
      { participationHorse: 1, name: 'Cornet', feiId: '105IG70', rider: 'Rita Reiter' },
      { participationHorse: 2, name: 'Cornet', feiId: null, rider: 'Max Muster' },
      { participationHorse: 3, name: 'Quidam', feiId: null, rider: 'Max Muster' },
    ];
    expect(matchHorse(horses, '105ig70', '')).toBe(horses[0]);
    expect(matchHorse(horses, 'quidam', '')).toBe(horses[2]);
    expect(matchHorse(horses, 'Cornet', '')).toBe('ambiguous');
    expect(matchHorse(horses, 'Cornet', 'max muster')).toBe(horses[1]);
    expect(matchHorse(horses, 'Casall', '')).toBe('not_found');
    const paste = checkPaste('Head number;Horse\n12;Quidam\nx;Casall', KINDS.headNumbers, { ...context, horses });
    expect(paste.rows.map((row) => [row.input, row.errors])).toEqual([
      [{ participation_horse: 3, head_number: 12 }, {}],
      [
        { participation_horse: 0, head_number: 0 },
        { horse: ['horse_not_here'], head_number: ['invalid'] },
      ],
    ]);
  });
});

describe('the paste dialog on the venue price list', () => {
  const venue: VenueDetail = {
    ...demoVenue,
    time_zone: 'Europe/Ljubljana',
    whitelabel_domain: null,
    head_number_from: 1,
    head_number_to: 300,
    self_checkout: false,
    prices_include_tax: true,
  };
  const admin = makeUser({ id: 1, username: 'admin', roles: ['admin'], rider_id: null });

  beforeEach(() => {
    queryClient.clear();
    resetStore({ token: 'token', user: admin });
    vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('previews the rows, shows the server row errors on their rows, and creates them all', async () => {
    const posts: { body: unknown; key: string | null }[] = [];
    let refuse = true;
    const fetchMock = mockFetch({
      'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }),
      'GET /api/v1/config/': () =>
        json(200, { version: 'test', environment: 'test', impersonation_enabled: false, stripe_publishable_key: null }),
      'GET /api/v1/venue/1/': () => json(200, venue),
      'GET /api/v1/taxType/': () => json(200, { count: 0, results: [] }),
      'GET /api/v1/consumable/': () => json(200, { count: 0, results: [] }),
      'POST /api/v1/consumable/': () => {
        if (refuse) {
          refuse = false;
          return json(400, {
            error: 'validation',
            message: 'Please correct the errors below.',
            fields: { '1': { name: ['duplicate'] } },
          });
        }
        return json(201, []);
      },
    });
    renderApp('/venues/1/config/consumables');
    fireEvent.click(await screen.findByRole('button', { name: 'Paste price list' }, { timeout: 45_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Paste price list' }, { timeout: 45_000 });
    const area = within(dialog).getByRole('textbox', { name: 'Rows from a spreadsheet' });
    fireEvent.change(area, {
      target: {
        value: 'Name\tCategory\tUnit\tPrice\nHay\thay\tbale\t12.50\nStraw\tfeed\tbale\tlots\nShavings\t\tbag\t8',
      },
    });

    const create = within(dialog).getByRole('button', { name: 'Create 3 rows' });
    expect(create.hasAttribute('disabled')).toBe(true);
    const row2 = within(dialog).getByRole('row', { name: 'Row 2' });
    expect(row2.getAttribute('aria-invalid')).toBe('true');
    expect(within(row2).getByText('Enter a valid value.')).toBeTruthy();
    expect(within(dialog).getByText('The first line names the columns.')).toBeTruthy();

    fireEvent.change(area, {
      target: {
        value: 'Name\tCategory\tUnit\tPrice\nHay\thay\tbale\t12.50\nStraw\tfeed\tbale\t9,00\nShavings\t\tbag\t8',
      },
    });
    expect(within(dialog).getByRole('row', { name: 'Row 3' }).textContent).toContain('8.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create 3 rows' }));
    const refused = await within(dialog).findByRole('row', { name: 'Row 2' });
    await waitFor(() => expect(within(refused).getByText('This value already exists.')).toBeTruthy());
    expect(
      within(within(dialog).getByRole('row', { name: 'Row 1' })).queryByText('This value already exists.'),
    ).toBeNull();
    expect(within(dialog).getByText('Nothing was created')).toBeTruthy();

    fireEvent.change(area, {
      target: {
        value: 'Name\tCategory\tUnit\tPrice\nHay\thay\tbale\t12.50\nStraw 2\tfeed\tbale\t9,00\nShavings\t\tbag\t8',
      },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create 3 rows' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Paste price list' })).toBeNull());
    for (const [input, init] of fetchMock.mock.calls) {
      if (init?.method === 'POST' && String(input).includes('/api/v1/consumable/')) {
        posts.push({ body: JSON.parse(String(init.body)), key: new Headers(init.headers).get('Idempotency-Key') });
      }
    }
    expect(posts).toHaveLength(2);
    expect(posts[1]!.body).toEqual([
      { venue: 1, name: 'Hay', category: 'hay', unit: 'bale', unit_price: 1250 },
      { venue: 1, name: 'Straw 2', category: 'feed', unit: 'bale', unit_price: 900 },
      { venue: 1, name: 'Shavings', category: 'other', unit: 'bag', unit_price: 800 },
    ]);
    expect(posts[1]!.key).toBeTruthy();
    expect(posts[1]!.key).not.toBe(posts[0]!.key);
    expect(vi.mocked(notifications.show).mock.calls.map(([toast]) => toast.message)).toContain('Created: 3 rows.');
  });
});
