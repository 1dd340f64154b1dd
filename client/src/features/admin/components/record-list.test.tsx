import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecordList } from './record-list';

const items = [
  { id: 'a', name: 'Squat', unit: 'reps' },
  { id: 'b', name: 'Plank', unit: 'seconds' },
];

/**
 * jsdom lays nothing out, so this checks what makes the columns line up in a browser: on md and
 * up one column template, on the table, shared by the header row and every data row as subgrids.
 */
describe('RecordList', () => {
  it('puts the header and the data rows, actions included, on one set of columns', () => {
    render(
      <RecordList
        label="Activities"
        items={items}
        columns={[
          { header: 'Name', isMain: true, cell: (item) => item.name },
          { header: 'Unit', cell: (item) => item.unit },
        ]}
        actions={(item) => <button type="button">Delete {item.name}</button>}
      />,
    );
    const table = screen.getByRole('table', { name: 'Activities' });
    expect(table).toHaveClass('md:grid');
    expect(table.style.gridTemplateColumns).toBe('minmax(0,2fr) minmax(0,1fr) auto');
    const rows = within(table).getAllByRole('row', { hidden: true });
    expect(rows).toHaveLength(3);
    for (const row of [...rows, ...within(table).getAllByRole('rowgroup', { hidden: true })]) {
      expect(row).toHaveClass('md:grid', 'md:grid-cols-subgrid', 'md:col-span-full');
      expect(row.style.gridTemplateColumns).toBe('');
    }
    const [header, ...data] = rows;
    // One header cell per column, the actions' too, so each header sits over its column.
    expect(
      within(header!)
        .getAllByRole('columnheader', { hidden: true })
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Unit', 'Actions']);
    for (const row of data) expect(within(row).getAllByRole('cell')).toHaveLength(3);
  });
});
