import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import * as qrcode from 'qrcode';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { floorDb } from '@/offline/db';
import { queryClient } from '@/lib/query-client';
import { PAGE_LOAD, seedFloor } from './floor-fixtures';
import { json, makeUser, mockFetch, renderApp, resetStore } from './helpers';

const rider = makeUser();
const codes = [
  { type: 'g', id: 21, name: 'Gina Groom', code: 'g21-123456abcdef' },
  { type: 'r', id: 3, name: 'Rita Reiter', code: 'r3-abcdef123456' },
];

const section = () => screen.findByRole('region', { name: 'My QR codes' }, PAGE_LOAD);

beforeEach(async () => {
  queryClient.clear();
  await seedFloor(false);
  resetStore({ token: 'token', user: rider });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("rider's QR codes", () => {
  it("shows the rider's code first, then each groom's, as images of the stable page's absolute URL", async () => {
    mockFetch({ 'GET /api/v1/rider/qr/': () => json(200, { results: codes }) });
    renderApp('/rider/overview');
    const codesSection = await section();
    await waitFor(() => expect(within(codesSection).getAllByRole('img')).toHaveLength(2));
    const images = within(codesSection).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['QR code of Rita Reiter', 'QR code of Gina Groom']);
    // Each image is the QR code of the stable page's absolute URL for that code.
    const drawn = images.map((img) =>
      decodeURIComponent(img.getAttribute('src')!.replace(/^data:image\/svg\+xml;charset=utf-8,/, '')),
    );
    const expected = await Promise.all(
      ['r3-abcdef123456', 'g21-123456abcdef'].map((code) =>
        qrcode.toString(`${window.location.origin}/stable/qr/${code}`, {
          type: 'svg',
          errorCorrectionLevel: 'M',
          margin: 2,
        }),
      ),
    );
    expect(drawn).toEqual(expected);
    expect(within(codesSection).getByText('r3-abcdef123456')).toBeTruthy();
    await waitFor(async () => expect(await floorDb.myCodes.where('user').equals(7).count()).toBe(2));
  });

  it('shows the codes kept on this device when the server cannot be reached', async () => {
    await floorDb.myCodes.bulkPut(codes.map((code) => ({ ...code, type: code.type as 'r' | 'g', user: 7 })));
    await floorDb.myCodes.put({ type: 'r', id: 5, name: 'Someone Else', code: 'r5-000000aaaaaa', user: 99 });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderApp('/rider/overview');
    const codesSection = await section();
    expect(await within(codesSection).findByText('Offline: showing the codes kept on this device.')).toBeTruthy();
    expect(within(codesSection).getByText('r3-abcdef123456')).toBeTruthy();
    expect(within(codesSection).getByText('g21-123456abcdef')).toBeTruthy();
    expect(within(codesSection).queryByText('r5-000000aaaaaa')).toBeNull();
  });

  it('says the codes need one visit online when none were loaded yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderApp('/rider/overview');
    expect(await within(await section()).findByText(/The codes could not be loaded/)).toBeTruthy();
  });
});
