import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeiResultList } from '@shared/schemas/fei';
import { demoVenue, json, renderApp } from './helpers';
import { admin, server, SLOW, startAs } from './owner-fixtures';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const competition = (id: number, fields: Partial<FeiResultList['results'][number]> = {}) => ({
  id,
  number: String(id),
  name: `Competition ${id}`,
  event: 'CSI2* Lipica',
  event_fei_id: '2026_CI_0139_S_S_01',
  fei_id: `2026_CI_0139_S_S_01_0${id}`,
  rule: '238.2.2',
  problems: [],
  published_at: '2026-06-11T12:00:00Z',
  starters: 5,
  ranked: 4,
  ...fields,
});

describe('the FEI results page', () => {
  it('names what the FEI would refuse and holds the file back until it is set', async () => {
    startAs(admin);
    const list: FeiResultList = {
      show: '2026_CI_0139',
      results: [
        competition(1),
        competition(2, { fei_id: null, problems: ['no_fei_id'] }),
        competition(3, { rule: null, problems: ['no_fei_rule'] }),
      ],
    };
    server({
      // Routes match by prefix: the longer path first.
      'GET /api/v1/venue/1/feiResults/': () => json(200, list),
      'GET /api/v1/venue/1/': () => json(200, demoVenue),
    });
    renderApp('/venues/1/actions/generateXMLResults');
    const table = await screen.findByRole('table', undefined, SLOW);
    expect(within(within(table).getByText('Competition 1').closest('tr')!).getByText('238.2.2')).toBeTruthy();
    expect(
      within(within(table).getByText('Competition 2').closest('tr')!).getByText('No FEI competition ID'),
    ).toBeTruthy();
    expect(
      within(within(table).getByText('Competition 3').closest('tr')!).getByText(
        'No FEI rule code in the rule (e.g. 238.2.2)',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/The FEI refuses results of a competition without/);
    expect(screen.getByRole('button', { name: 'Open results XML' }).hasAttribute('disabled')).toBe(true);
  });
});
