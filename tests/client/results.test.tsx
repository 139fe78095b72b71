import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ranking, RankingRow, ResultsUpload } from '@shared/schemas/results';
import { demoVenue, json, renderApp } from './helpers';
import { admin, bodies, server, SLOW, startAs, toasts, validation } from './owner-fixtures';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const row = (entry: number, overrides: Partial<RankingRow> = {}): RankingRow => ({
  entry,
  competition: 5,
  start_order: entry,
  entry_status: 'entered',
  rider: { id: entry, name: `Rider ${entry}` },
  horse: { id: 100 + entry, name: `Horse ${entry}`, fei_id: null },
  head_number: 200 + entry,
  status: null,
  rank: null,
  round: null,
  jump_off: null,
  jump_off_status: null,
  score_thousandths: null,
  result_at: null,
  prize: 0,
  paid: 0,
  ...overrides,
});

function ranking(rule: Ranking['competition']['ranking_rule'], rows: RankingRow[], published = false): Ranking {
  const prizeTotal = rows.reduce((a, r) => a + r.prize, 0);
  const paid = rows.reduce((a, r) => a + r.paid, 0);
  return {
    competition: {
      id: 5,
      venue: 1,
      vec: 1,
      vec_name: 'CSI2* Lipica',
      number: '7',
      name: 'Grand Prix',
      starts_at: null,
      ranking_rule: rule,
      knock_down_seconds: 4,
      currency: 'EUR',
      prize_money: 100_000,
      prize_chart: [50_000, 30_000, 20_000],
      published_at: published ? '2026-11-26T10:00:00Z' : null,
    },
    rows,
    entries: rows.length,
    results: rows.filter((r) => r.status).length,
    prize_total: prizeTotal,
    paid_total: paid,
    to_pay: prizeTotal - paid,
  };
}

const venue = { 'GET /api/v1/venue/1/': () => json(200, demoVenue) };

describe('the ranking page', () => {
  it('shows ranks, statuses, rounds and prizes translated, and pays the prize money after a confirmation', async () => {
    startAs(admin);
    const rows = [
      row(1, {
        status: 'R',
        rank: 1,
        round: { faults: 0, time_faults: 0, time_ms: 63_450, knock_downs: null },
        jump_off: { faults: 4, time_faults: 0, time_ms: 38_200, knock_downs: null },
        prize: 50_000,
      }),
      row(2, { status: 'EL', round: null }),
      row(3),
    ];
    const fetchMock = server({
      'GET /api/v1/competition/5/ranking/': () => json(200, ranking('table_a_jump_off', rows, true)),
      'POST /api/v1/competition/5/payPrizeMoney/': () =>
        json(200, { competition: 5, posted: 1, amount: 50_000, ranking: ranking('table_a_jump_off', rows, true) }),
      ...venue,
    });
    renderApp('/venues/1/views/rankings/competition/5');
    expect(await screen.findByRole('heading', { name: '7 Grand Prix' }, SLOW)).toBeTruthy();
    expect(screen.getByText('CSI2* Lipica · Table A with jump-off')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Ranking' });
    const first = within(table).getByText('Rider 1').closest('tr')!;
    expect(within(first).getByText('0 · 63.45 s')).toBeTruthy();
    expect(within(first).getByText('4 · 38.20 s')).toBeTruthy();
    expect(within(first).getByText('500.00 €')).toBeTruthy();
    expect(within(table).getByText('Eliminated')).toBeTruthy();
    expect(within(table).getByText('No result yet')).toBeTruthy();
    expect(screen.getByText('To pay: 500.00 €')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Pay prize money' }));
    expect(await screen.findByText(/Post 500.00 € in prize money/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toasts()).toContain('Prize money paid: 500.00 € in 1 postings.'));
    const sent = fetchMock.mock.calls.find(([input]) => String(input).includes('payPrizeMoney'))!;
    expect(new Headers(sent[1]?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('adds a result: the form follows the rule, reads decimal commas, and shows the server’s field errors', async () => {
    startAs(admin);
    let answer = () => validation({ round: { time_ms: ['too_big'] } } as unknown as Record<string, string[]>);
    const fetchMock = server({
      'GET /api/v1/competition/5/ranking/': () => json(200, ranking('table_c', [row(1), row(2)])),
      'PUT /api/v1/competitionEntry/2/result/': () => answer(),
      ...venue,
    });
    renderApp('/venues/1/views/rankings/competition/5/add');
    const starter = await screen.findByRole('combobox', { name: /Starter/ }, SLOW);
    expect(screen.queryByLabelText('Score (%)')).toBeNull();
    expect(screen.getByLabelText('Knock-downs')).toBeTruthy();
    // Table C's conversion of the competition, shown where knock-downs are typed.
    expect(screen.getByText('Each adds 4 s to the time (Table C)')).toBeTruthy();
    fireEvent.click(starter);
    fireEvent.click(await screen.findByRole('option', { name: '202 Rider 2 – Horse 2', hidden: true }));
    fireEvent.change(screen.getByLabelText('Obstacle penalties'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Time (seconds)'), { target: { value: '63,45' } });
    fireEvent.change(screen.getByLabelText('Knock-downs'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save result' }));
    expect(await screen.findByText('This value is too large.')).toBeTruthy();
    expect(bodies(fetchMock, 'PUT', '/api/v1/competitionEntry/2/result/')).toEqual([
      {
        status: 'R',
        round: { faults: 0, time_faults: 0, time_ms: 63_450, knock_downs: 1 },
        jump_off: null,
        jump_off_status: null,
        score_thousandths: null,
      },
    ]);

    answer = () => json(200, row(2, { status: 'R' }));
    fireEvent.change(screen.getByLabelText('Time (seconds)'), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save result' }));
    expect(await screen.findByText('This value is too small.')).toBeTruthy();
    expect(bodies(fetchMock, 'PUT', '/api/v1/competitionEntry/2/result/')).toHaveLength(1);
  });

  it('records a ranked starter eliminated in the jump-off (FEI Art. 245)', async () => {
    startAs(admin);
    const fetchMock = server({
      'GET /api/v1/competition/5/ranking/': () => json(200, ranking('table_a_jump_off', [row(1), row(2)])),
      'PUT /api/v1/competitionEntry/1/result/': () =>
        json(200, row(1, { status: 'R', rank: 1, jump_off_status: 'EL' })),
      ...venue,
    });
    renderApp('/venues/1/views/rankings/competition/5/add');
    const starter = await screen.findByRole('combobox', { name: /Starter/ }, SLOW);
    fireEvent.click(starter);
    fireEvent.click(await screen.findByRole('option', { name: '201 Rider 1 – Horse 1', hidden: true }));
    fireEvent.change(screen.getAllByLabelText('Obstacle penalties')[0]!, { target: { value: '0' } });
    fireEvent.change(screen.getAllByLabelText('Time (seconds)')[0]!, { target: { value: '70,00' } });
    const jumpOffStatus = screen.getByRole('combobox', { name: /Jump-off not completed/ });
    fireEvent.click(jumpOffStatus);
    await waitFor(() => expect(document.getElementById(jumpOffStatus.getAttribute('aria-controls')!)).toBeTruthy());
    const options = document.getElementById(jumpOffStatus.getAttribute('aria-controls')!)!;
    fireEvent.click(within(options).getByRole('option', { name: 'EL – Eliminated', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save result' }));
    await waitFor(() =>
      expect(bodies(fetchMock, 'PUT', '/api/v1/competitionEntry/1/result/')).toEqual([
        {
          status: 'R',
          round: { faults: 0, time_faults: 0, time_ms: 70_000, knock_downs: null },
          jump_off: null,
          jump_off_status: 'EL',
          score_thousandths: null,
        },
      ]),
    );
  });
});

describe('the results upload page', () => {
  it('previews the file with the rows’ errors translated and saves only a clean file', async () => {
    startAs(admin);
    const preview: ResultsUpload = {
      competition: 5,
      file_name: 'results.csv',
      committed: false,
      errors: 1,
      saved: 0,
      rows: [
        {
          row: 2,
          entry: 1,
          head_number: 201,
          horse_fei_id: null,
          rider: 'Rider 1',
          horse: 'Horse 1',
          status: 'R',
          round: { faults: 4, time_faults: 0, time_ms: 61_200, knock_downs: null },
          jump_off: null,
          jump_off_status: null,
          score_thousandths: null,
          errors: null,
        },
        {
          row: 3,
          entry: null,
          head_number: 999,
          horse_fei_id: null,
          rider: null,
          horse: null,
          status: 'R',
          round: null,
          jump_off: null,
          jump_off_status: null,
          score_thousandths: null,
          errors: { head_number: ['not_on_start_list'] },
        },
      ],
    };
    server({
      'GET /api/v1/venue/1/rankings/': () =>
        json(200, { results: [{ ...ranking('table_a', []).competition, entries: 2, results: 0, paid_total: 0 }] }),
      'POST /api/v1/venue/1/uploadResults/': () => json(200, preview),
      ...venue,
    });
    renderApp('/venues/1/actions/uploadResults');
    const competition = await screen.findByRole('combobox', { name: /Competition/ }, SLOW);
    fireEvent.click(competition);
    fireEvent.click(await screen.findByRole('option', { name: '7 Grand Prix', hidden: true }));
    const input = document.querySelector('input[type="file"]')!;
    fireEvent.change(input, {
      target: { files: [new File(['head_number;status'], 'results.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    const table = await screen.findByRole('table', { name: 'Rows of the file' });
    expect(within(table).getByText('4 · 61.20 s')).toBeTruthy();
    expect(within(table).getByText(/head_number: This horse and rider are not on the start list/)).toBeTruthy();
    expect(screen.getByText('Rows with errors: 1')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save results' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
