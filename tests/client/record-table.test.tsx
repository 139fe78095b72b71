import { screen, within } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARDS_BELOW, RecordTable } from '@/lib/components/record-table';
import { renderWithMantine } from './helpers';

interface Row {
  id: number;
  show: string;
  balance: string;
}

const query = {
  isPending: false,
  isError: false,
  data: {
    count: 2,
    results: [
      { id: 1, show: 'Paddock Classic', balance: '-1281.90 €' },
      { id: 2, show: 'Winter Tour', balance: '12.50 €' },
    ],
  },
} as unknown as UseQueryResult<{ count: number; results: Row[] }>;

function renderTable(onEdit = vi.fn()) {
  renderWithMantine(
    <RecordTable<Row>
      title="Balance per show"
      query={query}
      columns={[
        { label: 'Show', render: (row) => row.show },
        { label: 'Balance', render: (row) => row.balance },
      ]}
      rowKey={(row) => row.id}
      rowName={(row) => row.show}
      empty="None"
      onEdit={onEdit}
    />,
  );
  return onEdit;
}

/** The browser's answer to media queries: `phone` matches the card query. */
function viewport(phone: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (media: string) =>
      ({
        matches: phone && media === `(max-width: ${CARDS_BELOW})`,
        media,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('RecordTable', () => {
  it('is a table on a wide screen', () => {
    viewport(false);
    renderTable();
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('shows every row as a card with each label and value on a phone, actions included', () => {
    viewport(true);
    const onEdit = renderTable();
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Balance per show' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(list).getByRole('listitem', { name: 'Paddock Classic' });
    expect(within(first).getByText('Balance')).toBeTruthy();
    expect(within(first).getByText('-1281.90 €')).toBeTruthy();
    within(first).getByRole('button', { name: 'Edit Paddock Classic' }).click();
    expect(onEdit).toHaveBeenCalledWith(query.data!.results[0]);
  });
});
