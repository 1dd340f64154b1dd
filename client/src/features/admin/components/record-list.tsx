/**
 * The admin list: a table on wide screens, a stack of cards on a phone, from one markup (a
 * row is a card below md), so there is one element per record. On md and up the table is one
 * grid and every row (the header's too) a subgrid spanning all its columns, so a header sits
 * over its column whatever the width of the cells below it (the actions' auto column included).
 */
import { useEffect, useRef, type FocusEvent, type ReactNode } from 'react';

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

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

/** The first button near the list but outside it: its card's or its page's New button. */
function buttonNear(table: HTMLElement): HTMLElement | null {
  for (let at = table.parentElement; at; at = at.parentElement) {
    const button = [...at.querySelectorAll<HTMLElement>('button:not([disabled])')].find((candidate) => !table.contains(candidate));
    if (button) return button;
  }
  return null;
}

/**
 * Focuses `target()` once focus is lost (on the page's body): a row deleted from a dialog takes
 * the control the dialog gives focus back to with it. While a dialog is still closing it waits.
 */
function refocusWhenLost(target: () => HTMLElement | null | undefined) {
  let waits = 0;
  const check = () => {
    const active = document.activeElement;
    if (active && active !== document.body) {
      if (active.closest('[role="dialog"]') && waits++ < 40) setTimeout(check, 50);
      return;
    }
    const element = target();
    if (element?.isConnected) element.focus();
  };
  setTimeout(check, 0);
}

/**
 * Keeps keyboard focus when the focused row goes (deleted): the same control of the row that
 * takes its place (the next, or the new last), or with no row left the New button near the list.
 */
function useFocusKeptOnRemoval(ids: readonly string[]) {
  const table = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const focused = useRef<{ id: string; row: number; control: number; fallback: HTMLElement | null } | null>(null);
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[role="row"]');
    const rows = [...(body.current?.children ?? [])];
    const id = row?.dataset.id;
    if (!row || !id || !table.current) return;
    focused.current = {
      id,
      row: rows.indexOf(row),
      control: [...row.querySelectorAll(FOCUSABLE)].indexOf(event.target as Element),
      fallback: buttonNear(table.current),
    };
  };
  const key = ids.join('\u0000');
  useEffect(() => {
    const at = focused.current;
    if (!at || ids.includes(at.id)) return;
    focused.current = null;
    refocusWhenLost(() => {
      const rows = [...(body.current?.children ?? [])];
      const row = rows[Math.min(at.row, rows.length - 1)];
      if (!row) return at.fallback;
      const controls = [...row.querySelectorAll<HTMLElement>(FOCUSABLE)];
      return controls[Math.min(Math.max(at.control, 0), controls.length - 1)] ?? at.fallback;
    });
    // `key` stands for the ids.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  // The last row deleted: the list gives way to its empty state.
  useEffect(
    () => () => {
      const at = focused.current;
      if (at) refocusWhenLost(() => at.fallback);
    },
    [],
  );
  return { tableRef: table, bodyRef: body, onFocus };
}

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
  const { tableRef, bodyRef, onFocus } = useFocusKeptOnRemoval(items.map((item) => item.id));
  // Below md the table is a flex column of cards and the template does not apply.
  const template = {
    gridTemplateColumns: `${columns.map((c) => (c.isMain ? 'minmax(0,2fr)' : 'minmax(0,1fr)')).join(' ')}${actions ? ' auto' : ''}`,
  };
  return (
    <div
      ref={tableRef}
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
      <div ref={bodyRef} role="rowgroup" onFocus={onFocus} className={`flex flex-col gap-2 ${SUBGRID} md:gap-x-4 md:gap-y-0`}>
        {items.map((item) => (
          <div
            role="row"
            key={item.id}
            data-id={item.id}
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
