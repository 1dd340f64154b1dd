/** The tables of a group session (the live board, the summary): a row per person, the same look. */
import type { ReactNode } from 'react';

export type TColumn = { label: string; isNumber?: boolean };

export function BoardTable({ label, columns, children }: { label: string; columns: readonly TColumn[]; children: ReactNode }) {
  return (
    <table aria-label={label} className="w-full border-separate border-spacing-y-1 text-left text-sm">
      <thead className="text-xs text-muted uppercase">
        <tr>
          {columns.map((column, index) => (
            <th key={`${column.label}-${index}`} scope="col" className={`px-2 font-medium ${column.isNumber ? 'text-right' : ''}`}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
