import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobMessage } from '@shared/schemas/jobs';
import type { SyncStatus } from '@shared/schemas/sync';
import { SyncOffice } from '@/features/sync/components/sync-office';
import { browser } from '@/lib/browser';
import { useDialogStore } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { json, mockFetch, resetStore } from './helpers';

const counts = {
  club: { created: 1, updated: 0, unchanged: 0, conflicts: 0 },
  rider: { created: 2, updated: 1, unchanged: 0, conflicts: 1 },
  horse: { created: 0, updated: 0, unchanged: 3, conflicts: 0 },
  official: { created: 0, updated: 0, unchanged: 0, conflicts: 0 },
};

function statusOf(
  status: SyncStatus['status'],
  progress: JobMessage[] = [],
  extra: Partial<SyncStatus> = {},
): SyncStatus {
  return {
    status,
    progress,
    run: status === 'idle' ? null : 4,
    source: status === 'idle' ? null : 'registry',
    started_at: null,
    finished_at: null,
    done: progress.length,
    total: 5,
    counts: status === 'idle' ? null : counts,
    last_sync: status === 'done' ? { sync_date: '2026-06-11T08:05:00.000Z' } : null,
    open_conflicts: 0,
    registry_configured: true,
    ...extra,
  };
}

const msg = (second: number, code: string, params: JobMessage['params'] = {}): JobMessage => ({
  at: `2026-06-11T08:00:0${second}.000Z`,
  code,
  params,
});
const started = msg(1, 'run_started', { total: 5 });
const riders = msg(2, 'sync_batch', {
  entity: 'rider',
  from: 1,
  to: 3,
  created: 2,
  updated: 1,
  unchanged: 0,
  conflicts: 1,
});
const finished = msg(3, 'sync_done', { created: 3, updated: 1, unchanged: 3, conflicts: 1 });

/** The sync_status answers in order (the last one repeats), and how often each endpoint was called. */
function serve(
  statuses: (SyncStatus | 'fail')[],
  start: () => Response = () => json(202, { run: 4, status: 'in_progress' }),
) {
  const calls = { status: 0, start: 0 };
  mockFetch({
    'GET /api/v1/venue/sync_status/': () => {
      const answer = statuses[Math.min(calls.status, statuses.length - 1)]!;
      calls.status++;
      return answer === 'fail' ? json(500, { error: 'internal' }) : json(200, answer);
    },
    'POST /api/v1/venue/start_sync/': () => {
      calls.start++;
      return start();
    },
    'GET /api/v1/syncConflict/': () => json(200, { count: 0, results: [] }),
  });
  return calls;
}

/** Lets promises and React settle, moving the fake clock by `ms`. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SyncOffice />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const logLines = () => {
  const log = useDialogStore.getState().dialogs.find((d) => d.kind === 'log');
  return log && log.kind === 'log' ? log.lines : null;
};
/** The log's lines without their time stamps. */
const logTexts = () => logLines()?.map((line) => line.replace(/^\d{1,2}\.\d{1,2}\.\d{4} \d{1,2}:\d{2}\s+/, ''));

let reload: ReturnType<typeof vi.spyOn>;
let success: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  await i18next.changeLanguage('en');
});
beforeEach(() => {
  resetStore({ token: 't', language: 'en' });
  useDialogStore.setState({ dialogs: [] });
  vi.useFakeTimers();
  reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
  success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
  error = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the sync page', () => {
  it('starts, polls every second while in progress, logs newest first, and reloads exactly 5 s after done', async () => {
    const calls = serve([
      statusOf('idle'),
      statusOf('in_progress', [started]),
      statusOf('in_progress', [started, riders]),
      statusOf('done', [started, riders, finished]),
    ]);
    renderPage();
    await advance(0);
    expect(calls.status).toBe(1);
    expect(screen.getByText('Not synced yet')).toBeTruthy();
    expect(screen.getByText('No sync in progress.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Start sync' }));
    expect(screen.getByText('Sync in progress')).toBeTruthy();
    await advance(0);
    expect(calls.start).toBe(1);
    expect(success).toHaveBeenCalledWith('Sync started');
    expect(logLines()).toEqual([]);

    await advance(999);
    expect(calls.status).toBe(1);
    await advance(1);
    expect(calls.status).toBe(2);
    expect(logTexts()).toEqual(['Sync started: 5 batches.']);

    await advance(1000);
    expect(calls.status).toBe(3);
    expect(logTexts()).toEqual([
      'Riders 1–3: 2 created, 1 updated, 0 unchanged, 1 conflicts.',
      'Sync started: 5 batches.',
    ]);
    expect(logLines()![0]).toMatch(/^11\.6\.2026 \d{1,2}:00 {2}Riders/);
    expect(success).not.toHaveBeenCalledWith('Sync completed');

    await advance(1000);
    expect(calls.status).toBe(4);
    expect(success).toHaveBeenCalledWith('Sync completed');
    expect(logTexts()![0]).toBe('No sync in progress.');
    expect(logTexts()![1]).toBe('Sync completed: 3 created, 1 updated, 3 unchanged, 1 conflicts.');
    expect(screen.getByText('Completed')).toBeTruthy();
    expect(screen.getByTestId('last-sync').textContent).toMatch(/^11\.6\.2026 \d{1,2}:05$/);
    // The last run's numbers.
    expect(screen.getByRole('row', { name: /Riders 2 1 0 1/ })).toBeTruthy();

    await advance(4999);
    expect(reload).not.toHaveBeenCalled();
    await advance(1);
    expect(reload).toHaveBeenCalledTimes(1);
    // No more polling once it is over.
    await advance(3000);
    expect(calls.status).toBe(4);
    expect(error).not.toHaveBeenCalled();
  });

  it('a start that fails sets error, toasts "Failed to start sync" with the reason, and does not poll', async () => {
    const calls = serve([statusOf('idle')], () =>
      json(409, { error: 'sync_running', message: 'A sync is already in progress.' }),
    );
    renderPage();
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Start sync' }));
    await advance(0);
    expect(error).toHaveBeenCalledWith('Failed to start sync');
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getAllByText('A sync is already in progress.').length).toBeGreaterThan(0);
    await advance(3000);
    expect(calls.status).toBe(1);
    expect(success).not.toHaveBeenCalled();
  });

  it('follows a sync already running when the page opens; a failed status fetch and a failed run are toasted', async () => {
    const calls = serve([
      statusOf('in_progress', [started]),
      'fail',
      statusOf('in_progress', [started, riders]),
      statusOf('error', [started, riders, msg(4, 'run_failed', { error: 'internal' })]),
    ]);
    renderPage();
    await advance(0);
    expect(screen.getByText('Sync in progress')).toBeTruthy();
    await advance(1000);
    expect(calls.status).toBe(2);
    expect(error).toHaveBeenCalledWith('Unable to fetch sync status');
    await advance(1000);
    expect(calls.status).toBe(3);
    await advance(1000);
    expect(calls.status).toBe(4);
    expect(error).toHaveBeenCalledWith('Sync failed');
    expect(screen.getByText('Failed')).toBeTruthy();
    await advance(6000);
    expect(reload).not.toHaveBeenCalled();
    expect(calls.status).toBe(4);
  });

  it('shows "No sync in progress." in the log when none runs', async () => {
    serve([statusOf('idle')]);
    renderPage();
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Show log' }));
    expect(logLines()).toEqual(['No sync in progress.']);
  });
});
