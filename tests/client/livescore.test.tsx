import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveStarter, LiveUpdate } from '@shared/schemas/livescore';
import type { CompetitionSheet } from '@/features/livescore/api/get-competition-sheet';
import type { LiveVenueSnapshot } from '@/features/livescore/api/get-live-venue';
import { LivePage } from '@/features/livescore/components/live-page';
import { applyUpdate, EMPTY_STATE, rerank } from '@/features/livescore/live-state';
import type { LiveTransport } from '@/features/livescore/use-live-scores';
import { renderWithMantine } from './helpers';

/* The public live page with a fake transport: pushes, a lost connection, catching up. */

const VENUE = 1;

function starter(
  entryId: number,
  order: number,
  rider: string,
  result: Partial<LiveStarter['result']> | null = null,
): LiveStarter {
  return {
    entryId,
    competitionId: 10,
    order,
    startTime: `2026-06-01T09:0${order}:00.000Z`,
    riderName: rider,
    nationality: 'GER',
    horseName: `Horse of ${rider}`,
    headNumber: 100 + entryId,
    withdrawn: false,
    late: false,
    result: result && {
      status: 'R',
      rank: null,
      faults: 0,
      timeFaults: 0,
      timeMs: 60_000,
      knockDowns: null,
      jumpOffFaults: null,
      jumpOffTimeFaults: null,
      jumpOffTimeMs: null,
      jumpOffKnockDowns: null,
      jumpOffStatus: null,
      scoreThousandths: null,
      at: '2026-06-01T09:10:00.000Z',
      ...result,
    },
  };
}

const COMPETITION = {
  id: 10,
  venueId: VENUE,
  number: '1',
  name: 'Grand Prix',
  startsAt: '2026-06-01T09:00:00.000Z',
  arena: 'Main arena',
  discipline: 'jumping',
  rule: 'table_a' as const,
  knockDownSeconds: 4,
  published: true,
  entries: 3,
  results: 1,
};

function snapshot(latest: LiveStarter[], next: LiveStarter[]): LiveVenueSnapshot {
  return {
    venue: {
      id: VENUE,
      name: 'Paddock Classic',
      city: 'Lipica',
      country: 'SI',
      startDate: null,
      endDate: null,
      timeZone: 'UTC',
    },
    competitions: [COMPETITION],
    live: { venueId: VENUE, current: COMPETITION, nextStarters: next, latestResults: latest },
  };
}

/** A transport the test drives: what the server answers, and the socket's events. */
function fakeTransport(first: LiveVenueSnapshot) {
  let answer: LiveVenueSnapshot | Error = first;
  let handlers: Parameters<LiveTransport['connect']>[1] | null = null;
  const transport: LiveTransport = {
    fetchSnapshot: vi.fn(async () => {
      if (answer instanceof Error) throw answer;
      return structuredClone(answer);
    }),
    fetchSheet: vi.fn(async (): Promise<CompetitionSheet> => {
      if (answer instanceof Error) throw answer;
      return { startList: [], ranking: null };
    }),
    connect: (_venue, h) => {
      handlers = h;
      return () => {
        handlers = null;
      };
    },
  };
  return {
    transport,
    answer: (next: LiveVenueSnapshot | Error) => (answer = next),
    connected: () => act(() => handlers!.onConnected()),
    closed: () => act(() => handlers!.onClosed()),
    push: (update: LiveUpdate) => act(() => handlers!.onUpdate(update)),
  };
}

const latest = () => screen.getByRole('table', { name: 'Latest results' });
const next = () => screen.getByRole('table', { name: 'Next starters' });

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the public live page', () => {
  it("names the venue's own manifest while open (installing it installs the live page), and gives the app's back", async () => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/manifest.webmanifest';
    document.head.append(link);
    try {
      const fake = fakeTransport(snapshot([], [starter(2, 2, 'Bruno Berg')]));
      const page = renderWithMantine(<LivePage venueId={VENUE} transport={fake.transport} />);
      expect(link.getAttribute('href')).toBe(`/api/v1/venue/${VENUE}/live.webmanifest`);
      page.unmount();
      expect(link.getAttribute('href')).toBe('/manifest.webmanifest');
    } finally {
      link.remove();
    }
  });

  it('shows a pushed result at once, with its rank, without asking the server again', async () => {
    const anna = starter(1, 1, 'Anna Adler', { faults: 4, timeMs: 61_000, rank: 1 });
    const fake = fakeTransport(snapshot([anna], [starter(2, 2, 'Bruno Berg'), starter(3, 3, 'Chloé Cartier')]));
    renderWithMantine(<LivePage venueId={VENUE} transport={fake.transport} />);
    expect(await screen.findByRole('heading', { name: 'Paddock Classic' })).toBeTruthy();
    await fake.connected();
    expect(within(latest()).getByText('Anna Adler')).toBeTruthy();
    const asked = vi.mocked(fake.transport.fetchSnapshot).mock.calls.length;

    fake.push({
      kind: 'result',
      venueId: VENUE,
      competitionId: 10,
      published: true,
      starter: starter(2, 2, 'Bruno Berg', { faults: 0, timeMs: 65_000, rank: 1, at: '2026-06-01T09:12:00.000Z' }),
    });
    const rows = await waitFor(() => {
      const r = within(latest()).getAllByRole('row').slice(1);
      expect(r).toHaveLength(2);
      return r;
    });
    expect(rows[0]!.textContent).toMatch('Bruno Berg');
    expect(rows[0]!.textContent).toMatch('0 / 65.00 s');
    expect(within(next()).queryByText('Bruno Berg')).toBeNull();
    expect(within(next()).getByText('Chloé Cartier')).toBeTruthy();
    // The running competition's card and its line in the list both count the new result.
    expect(screen.getAllByText('2 of 3 ridden', { exact: false })).toHaveLength(2);
    expect(fake.transport.fetchSnapshot).toHaveBeenCalledTimes(asked);
  });

  it('keeps the last known state when the connection drops, says so, and catches up when it returns', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-06-01T09:15:00Z') });
    try {
      const anna = starter(1, 1, 'Anna Adler', { rank: 1 });
      const fake = fakeTransport(snapshot([anna], [starter(2, 2, 'Bruno Berg')]));
      const first = renderWithMantine(<LivePage venueId={VENUE} transport={fake.transport} />);
      await fake.connected();
      await waitFor(() => expect(within(latest()).getByText('Anna Adler')).toBeTruthy());
      expect(screen.queryByRole('status')).toBeNull();

      // The connection drops: the results stay, a banner says as of when.
      fake.answer(new TypeError('Failed to fetch'));
      await fake.closed();
      const banner = await screen.findByRole('status');
      expect(banner.textContent).toMatch(/Connection lost – showing the last known results \(as of \d\d:\d\d\)/);
      expect(within(latest()).getByText('Anna Adler')).toBeTruthy();

      // A reload while offline: the page opens with what the device kept.
      first.unmount();
      const offline = fakeTransport(snapshot([], []));
      offline.answer(new TypeError('Failed to fetch'));
      renderWithMantine(<LivePage venueId={VENUE} transport={offline.transport} />);
      expect(await screen.findByRole('heading', { name: 'Paddock Classic' })).toBeTruthy();
      expect(within(latest()).getByText('Anna Adler')).toBeTruthy();
      await offline.closed();
      expect((await screen.findByRole('status')).textContent).toMatch('Connection lost');

      // The connection returns: the page reads again and shows what was saved meanwhile.
      const bruno = starter(2, 2, 'Bruno Berg', { faults: 0, timeMs: 59_000, rank: 1, at: '2026-06-01T09:14:00.000Z' });
      offline.answer(snapshot([bruno, { ...anna, result: { ...anna.result!, rank: 2 } }], []));
      await offline.connected();
      await waitFor(() => expect(within(latest()).getByText('Bruno Berg')).toBeTruthy());
      expect(screen.queryByRole('status')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens a competition with its start list and says when the ranking is held back', async () => {
    const fake = fakeTransport(snapshot([], [starter(2, 2, 'Bruno Berg')]));
    vi.mocked(fake.transport.fetchSheet).mockResolvedValue({
      startList: [starter(1, 1, 'Anna Adler'), starter(2, 2, 'Bruno Berg')],
      ranking: null,
    });
    renderWithMantine(<LivePage venueId={VENUE} transport={fake.transport} />);
    fireEvent.click(await screen.findByRole('button', { name: /Grand Prix/ }));
    // No ranking yet: the start list first.
    const list = await screen.findByRole('table', { name: 'Start list' });
    expect(
      within(list)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([expect.stringContaining('Anna Adler'), expect.stringContaining('Bruno Berg')]);
    expect(within(list).getByText('No. 101')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Ranking' }));
    expect(await screen.findByText('The ranking is not published yet.')).toBeTruthy();
  });
});

describe('a pushed result in the known state', () => {
  it('re-ranks the competition by its rule: ties share a rank, only R is ranked', () => {
    const rows = rerank('table_a', [
      starter(1, 1, 'A', { faults: 4, timeMs: 60_000 }),
      starter(2, 2, 'B', { faults: 0, timeMs: 70_000 }),
      starter(3, 3, 'C', { faults: 4, timeMs: 60_000 }),
      starter(4, 4, 'D', { status: 'EL', faults: null, timeMs: null }),
    ]);
    expect(rows.map((r) => [r.entryId, r.result!.rank])).toEqual([
      [2, 1],
      [1, 2],
      [3, 2],
      [4, null],
    ]);
  });

  it('ranks as the server does: Table C with the competition’s seconds and penalties, a jump-off not completed', () => {
    const tableC = [
      starter(1, 1, 'A', { faults: 0, timeMs: 55_000, knockDowns: null }), // 55.00
      starter(2, 2, 'B', { faults: 0, timeMs: 51_500, knockDowns: 1 }), // 55.50 at 4 s, 54.50 at 3 s
      starter(3, 3, 'C', { faults: 8, timeMs: 50_000, knockDowns: null }), // 2 down: 58.00 at 4 s
    ];
    expect(rerank('table_c', tableC).map((r) => r.entryId)).toEqual([1, 2, 3]);
    expect(rerank('table_c', tableC, { knockDownSeconds: 3 }).map((r) => r.entryId)).toEqual([2, 1, 3]);
    const jumpOff = rerank('table_a_jump_off', [
      starter(1, 1, 'A', { timeMs: 70_000, jumpOffStatus: 'EL' }),
      starter(2, 2, 'B', { timeMs: 71_000, jumpOffFaults: 8, jumpOffTimeMs: 45_000 }),
    ]);
    expect(jumpOff.map((r) => [r.entryId, r.result!.rank])).toEqual([
      [2, 1],
      [1, 2],
    ]);
  });

  it('moves the others down in an open ranking when a faster round comes in', () => {
    const state = {
      ...EMPTY_STATE,
      snapshot: snapshot([], []),
      sheets: {
        10: {
          startList: [starter(1, 1, 'A', { rank: 1, timeMs: 60_000 }), starter(2, 2, 'B')],
          ranking: { competitionId: 10, published: true, rows: [starter(1, 1, 'A', { rank: 1, timeMs: 60_000 })] },
        },
      },
    };
    const { state: after, refetch } = applyUpdate(state, {
      kind: 'result',
      venueId: VENUE,
      competitionId: 10,
      published: true,
      starter: starter(2, 2, 'B', { timeMs: 58_000, rank: 1 }),
    });
    expect(refetch).toBeNull();
    expect(after.sheets[10]!.ranking!.rows.map((r) => [r.entryId, r.result!.rank])).toEqual([
      [2, 1],
      [1, 2],
    ]);
    // A start-list change is read again.
    expect(
      applyUpdate(after, { kind: 'startlist', venueId: VENUE, competitionId: 10, published: true, starter: null })
        .refetch,
    ).toBe(10);
  });
});
