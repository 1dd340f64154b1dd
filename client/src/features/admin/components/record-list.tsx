/**
 * The admin list: a table on wide screens, a stack of cards on a phone, from one markup (a
 * row is a card below md), so there is one element per record. On md and up the table is one
 * grid and every row (the header's too) a subgrid spanning all its columns, so a header sits
 * over its column whatever the width of the cells below it (the actions' auto column included).
 */
import type { ReactNode } from 'react';

export type TColumn<T> = {
  header: string;
  cell: (item: T) => ReactNode;
  /** The main column is shown as the card's title on a phone. */
  isMain?: boolean;
};

/**
 * A row group or a row on md and up: all the table's columns, sized by the table. A subgrid's
 * own column gap would shift its cells off the table's, so those that set a gap for the phone
 * set the table's (gap-x-4) on md.
 */
const SUBGRID = 'md:col-span-full md:grid md:grid-cols-subgrid';

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
  // Below md the table is a flex column of cards and the template does not apply.
  const template = {
    gridTemplateColumns: `${columns.map((c) => (c.isMain ? 'minmax(0,2fr)' : 'minmax(0,1fr)')).join(' ')}${actions ? ' auto' : ''}`,
  };
  return (
    <div
      role="table"
      aria-label={label}
      className="flex flex-col gap-2 md:grid md:gap-x-4 md:gap-y-0 md:overflow-hidden md:rounded-xl md:bg-surface"
      style={template}
    >
      <div role="rowgroup" className={`hidden ${SUBGRID}`}>
        <div role="row" className={`${SUBGRID} border-b border-white/10 px-4 py-2 text-xs uppercase tracking-wide text-muted`}>
          {columns.map((column) => (
            <span role="columnheader" key={column.header}>
              {column.header}
            </span>
          ))}
          {actions ? (
            <span role="columnheader">
              <span className="sr-only">Actions</span>
            </span>
          ) : null}
        </div>
      </div>
      <div role="rowgroup" className={`flex flex-col gap-2 ${SUBGRID} md:gap-x-4 md:gap-y-0`}>
        {items.map((item) => (
          <div
            role="row"
            key={item.id}
            className={`flex flex-col gap-1 rounded-xl bg-surface p-4 ${SUBGRID} md:items-center md:gap-x-4 md:rounded-none md:border-b md:border-white/5 md:bg-transparent md:px-4 md:py-3`}
          >
            {columns.map((column) => (
              <div
                role="cell"
                key={column.header}
                className={column.isMain ? 'font-semibold md:font-normal' : 'text-sm text-muted md:text-base md:text-on-surface'}
              >
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
