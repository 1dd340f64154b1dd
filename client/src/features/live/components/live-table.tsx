/** One table of results arriving live, described by its columns (the analyses and practices tables share it). */
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/status';

export type TLiveColumn<Row> = { header: string; cell: (row: Row) => ReactNode };

type TLiveTableProps<Row> = {
  /** The table's accessible name. */
  label: string;
  columns: readonly TLiveColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Shown instead of the table while there are no rows. */
  empty: string;
};

export function LiveTable<Row>({ label, columns, rows, rowKey, empty }: TLiveTableProps<Row>) {
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <table className="w-full text-left text-sm" aria-label={label}>
      <thead className="text-muted">
        <tr>
          {columns.map((column) => (
            <th key={column.header} className="p-2">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className="border-t border-white/10">
            {columns.map((column) => (
              <td key={column.header} className="p-2">
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
