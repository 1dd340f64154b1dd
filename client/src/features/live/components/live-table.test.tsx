import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveTable, type TLiveColumn } from './live-table';

type TRow = { id: string; name: string; reps: number };

const COLUMNS: readonly TLiveColumn<TRow>[] = [
  { header: 'User', cell: (row) => row.name },
  { header: 'Reps', cell: (row) => <strong>{row.reps}</strong> },
];

describe('LiveTable', () => {
  it('names the table and shows one row per entry, one cell per column, in column order', () => {
    const rows = [
      { id: 'a', name: 'Ada', reps: 17 },
      { id: 'b', name: 'Bo', reps: 3 },
    ];
    render(<LiveTable label="Live practices" columns={COLUMNS} rows={rows} rowKey={(row) => row.id} empty="Nothing yet." />);
    const table = screen.getByRole('table', { name: 'Live practices' });
    const [header, ...body] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['User', 'Reps']);
    expect(
      body.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Ada', '17'],
      ['Bo', '3'],
    ]);
    expect(screen.queryByText('Nothing yet.')).not.toBeInTheDocument();
  });

  it('shows the empty message and no table while there are no rows', () => {
    render(<LiveTable label="Live practices" columns={COLUMNS} rows={[]} rowKey={(row) => row.id} empty="Nothing yet." />);
    expect(screen.getByText('Nothing yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
