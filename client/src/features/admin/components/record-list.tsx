/**
 * The admin list: a table on wide screens, a stack of cards on a phone, from one markup (a
 * row is a grid on md and up, a card below), so there is one element per record.
 */
import type { ReactNode } from 'react';

export type TColumn<T> = {
  header: string;
  cell: (item: T) => ReactNode;
  /** The main column is shown as the card's title on a phone. */
  isMain?: boolean;
};

export function RecordList<T extends { id: string }>({
  label,
  items,
  columns,
  actions,
}: {
  label: string;
  items: readonly T[];
  columns: readonly TColumn<T>[];
  actions?: (item: T) => ReactNode;
}) {
  const template = { gridTemplateColumns: `${columns.map((c) => (c.isMain ? 'minmax(0,2fr)' : 'minmax(0,1fr)')).join(' ')}${actions ? ' auto' : ''}` };
  return (
    <div role="table" aria-label={label} className="flex flex-col gap-2 md:gap-0 md:overflow-hidden md:rounded-xl md:bg-surface">
      <div role="rowgroup" className="hidden md:block">
        <div role="row" className="grid gap-4 border-b border-white/10 px-4 py-2 text-xs uppercase tracking-wide text-muted" style={template}>
          {columns.map((column) => (
            <span role="columnheader" key={column.header}>
              {column.header}
            </span>
          ))}
          {actions ? <span role="columnheader" className="sr-only">Actions</span> : null}
        </div>
      </div>
      <div role="rowgroup" className="flex flex-col gap-2 md:gap-0">
        {items.map((item) => (
          <div
            role="row"
            key={item.id}
            className="flex flex-col gap-1 rounded-xl bg-surface p-4 md:grid md:items-center md:gap-4 md:rounded-none md:border-b md:border-white/5 md:bg-transparent md:px-4 md:py-3"
            style={template}
          >
            {columns.map((column) => (
              <div role="cell" key={column.header} className={column.isMain ? 'font-semibold md:font-normal' : 'text-sm text-muted md:text-base md:text-on-surface'}>
                {column.isMain ? null : <span className="text-muted md:hidden">{column.header}: </span>}
                {column.cell(item)}
              </div>
            ))}
            {actions ? (
              <div role="cell" className="flex flex-wrap gap-1 pt-1 md:justify-end md:pt-0">
                {actions(item)}
              </div>
            ) : null}
          </div>
        ))}
      </div>
    </div>
  );
}
