import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StartList, StartListEntry } from '@shared/schemas/startlists';
import { SortableStarters } from '@/features/startlists/components/start-list-view';
import { renderWithMantine, resetStore } from './helpers';

const entry = (
  id: number,
  order: number,
  horse: string,
  rider: string,
  extra: Partial<StartListEntry> = {},
): StartListEntry => ({
  id,
  competition: 9,
  start_order: order,
  start_time: `2026-06-01T12:0${order}:00.000Z`,
  rider: { id: id * 10, name: rider, nationality: 'GER' },
  horse: { id: id * 100, name: horse, fei_id: null },
  head_number: 100 + id,
  status: 'entered',
  late: false,
  entry_fee: 4000,
  fee_transaction: null,
  fee_reversal: null,
  has_result: false,
  vec_participation: null,
  venue_participation: id,
  withdrawn_at: null,
  ...extra,
});

const list = (entries: StartListEntry[]): StartList => ({
  competition: {
    id: 9,
    venue: 1,
    vec: 5,
    vec_name: 'CSI2* Lipica',
    number: '12',
    name: 'Grand Prix',
    starts_at: '2026-06-01T12:00:00.000Z',
    time_zone: 'Europe/Ljubljana',
    arena: 'Main arena',
    discipline: 'jumping',
    ranking_rule: 'table_a',
    height_cm: 145,
    start_interval_seconds: 60,
    entry_deadline: null,
    entry_fee: 4000,
    currency: 'EUR',
    draw_seed: 42,
    drawn_at: '2026-05-30T10:00:00.000Z',
    published_at: null,
  },
  entries,
});

const three = () =>
  list([
    entry(1, 1, 'Quidam Blue', 'Rosa Rider'),
    entry(2, 2, 'Kolibri', 'Marco Kutscher'),
    entry(3, 3, 'Igor', 'Jos Verlooy'),
  ]);

/** Horse names in the order shown. */
const shown = () =>
  within(screen.getByRole('list', { name: 'Order of go' }))
    .getAllByTestId('starter')
    .map((row) => row.getAttribute('aria-label'));

/** jsdom has no layout: each starter is 60 px below the one before, so the keyboard sensor can find the next. */
function layout() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const item = this.closest('li');
    const index = item?.parentElement ? [...item.parentElement.children].indexOf(item) : 0;
    const top = index * 60;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      width: 320,
      height: 50,
      bottom: top + 50,
      right: 320,
      toJSON: () => ({}),
    } as DOMRect;
  });
}

const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));

beforeEach(() => resetStore());
afterEach(() => vi.restoreAllMocks());

describe('reordering a start list with the keyboard', () => {
  it('moves a starter down with the drag handle: space, arrow down, space', async () => {
    layout();
    const onReorder = vi.fn();
    renderWithMantine(<SortableStarters list={three()} busy={false} onReorder={onReorder} onWithdraw={vi.fn()} />);
    expect(shown()).toEqual(['Rosa Rider – Quidam Blue', 'Marco Kutscher – Kolibri', 'Jos Verlooy – Igor']);

    const handle = screen.getByRole('button', { name: 'Drag Rosa Rider – Quidam Blue to another place' });
    handle.focus();
    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
    await tick();
    fireEvent.keyDown(document.activeElement ?? handle, { key: 'ArrowDown', code: 'ArrowDown' });
    await tick();
    fireEvent.keyDown(document.activeElement ?? handle, { key: ' ', code: 'Space' });
    await tick();

    expect(onReorder).toHaveBeenCalledTimes(1);
    expect(onReorder).toHaveBeenCalledWith([2, 1, 3]);
    expect(shown()).toEqual(['Marco Kutscher – Kolibri', 'Rosa Rider – Quidam Blue', 'Jos Verlooy – Igor']);
  });

  it('moves with the labelled buttons, and not past the ends', async () => {
    const onReorder = vi.fn();
    renderWithMantine(<SortableStarters list={three()} busy={false} onReorder={onReorder} onWithdraw={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Move Rosa Rider – Quidam Blue up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move Jos Verlooy – Igor down' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Move Jos Verlooy – Igor up' }));
    expect(onReorder).toHaveBeenLastCalledWith([1, 3, 2]);
    expect(shown()).toEqual(['Rosa Rider – Quidam Blue', 'Jos Verlooy – Igor', 'Marco Kutscher – Kolibri']);
    fireEvent.click(screen.getByRole('button', { name: 'Move Rosa Rider – Quidam Blue down' }));
    expect(onReorder).toHaveBeenLastCalledWith([3, 1, 2]);
  });

  it('keeps a starter with a result in place', () => {
    const onReorder = vi.fn();
    const withResult = list([
      entry(1, 1, 'Quidam Blue', 'Rosa Rider', { has_result: true }),
      entry(2, 2, 'Kolibri', 'Marco Kutscher'),
    ]);
    renderWithMantine(<SortableStarters list={withResult} busy={false} onReorder={onReorder} onWithdraw={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Move Rosa Rider – Quidam Blue down' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Drag Rosa Rider – Quidam Blue to another place' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByText('has a result')).toBeTruthy();
  });
});
