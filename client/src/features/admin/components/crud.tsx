/**
 * The pattern every admin catalogue list shares: a searchable list of records, each with Edit and
 * Delete, one dialog that creates or edits, and one that asks before deleting.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import type { TLevelMutations } from '../api/level-mutations';
import { isPending } from '../lib/optimistic';
import { ConfirmDialog, FormDialog } from '@/components/ui/dialogs';
import { Card, SearchBox } from './layout';
import { RecordList, type TColumn } from './record-list';
import { CountText, QueryView } from './states';

type TRecord = { id: string; name: string };

/** Which record, if any, the create/edit dialog and the delete dialog are open for. */
export function useCrudDialogs<T>() {
  const [isCreating, setIsCreating] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const closeForm = () => {
    setIsCreating(false);
    setEditing(null);
  };
  return {
    editing,
    deleting,
    isFormOpen: isCreating || editing !== null,
    create: () => setIsCreating(true),
    edit: (item: T) => setEditing(() => item),
    remove: (item: T) => setDeleting(() => item),
    closeForm,
    closeDelete: () => setDeleting(null),
    /** Submits the form: updates the record being edited, or creates a new one, then closes. */
    save: (onUpdate: (item: T) => void, onCreate: () => void) => {
      if (editing) onUpdate(editing);
      else onCreate();
      closeForm();
    },
  };
}

export type TCrud<T> = ReturnType<typeof useCrudDialogs<T>>;

/** Edit and Delete buttons of a row, named after the record so each is unique for assistive tech. */
export function RowActions({ name, onEdit, onDelete, isDisabled }: { name: string; onEdit: () => void; onDelete: () => void; isDisabled?: boolean }) {
  return (
    <>
      <Button variant="ghost" className="min-h-9" aria-label={`Edit ${name}`} onClick={onEdit} disabled={isDisabled}>
        Edit
      </Button>
      <Button variant="ghost" className="min-h-9 text-danger" aria-label={`Delete ${name}`} onClick={onDelete} disabled={isDisabled}>
        Delete
      </Button>
    </>
  );
}

/** A record's Edit and Delete, disabled while the server has not confirmed it yet. */
export function CrudRowActions<T extends TRecord>({ crud, item }: { crud: TCrud<T>; item: T }) {
  return <RowActions name={item.name} isDisabled={isPending(item.id)} onEdit={() => crud.edit(item)} onDelete={() => crud.remove(item)} />;
}

/** The main column: the record's name, a link to its page once the server has confirmed it. */
export function nameColumn<T extends TRecord>(to: (item: T) => string): TColumn<T> {
  return {
    header: 'Name',
    isMain: true,
    cell: (item) =>
      isPending(item.id) ? (
        item.name
      ) : (
        <Link className="text-primary hover:underline" to={to(item)}>
          {item.name}
        </Link>
      ),
  };
}

/** A query's records as a list with Edit and Delete on each row. */
export function CrudList<T extends TRecord>({
  crud,
  query,
  label,
  loading,
  empty,
  columns,
}: {
  crud: TCrud<T>;
  query: UseQueryResult<T[]>;
  label: string;
  loading: string;
  empty: string;
  columns: readonly TColumn<T>[];
}) {
  return (
    <QueryView query={query} loading={loading} empty={empty}>
      {(list) => <RecordList label={label} items={list} columns={columns} actions={(item) => <CrudRowActions crud={crud} item={item} />} />}
    </QueryView>
  );
}

/** What the create or edit form is given: the record it edits (none when creating), its submit label and Cancel. */
export type TCrudFormProps<T> = {
  initial?: T;
  submitLabel: string;
  onCancel: () => void;
};

/** The create or edit dialog; its form starts afresh for each record. */
export function CrudFormDialog<T extends { id: string }>({
  crud,
  newTitle,
  editTitle,
  createLabel,
  saveLabel = 'Save',
  children,
}: {
  crud: TCrud<T>;
  newTitle: string;
  editTitle: string;
  createLabel: string;
  saveLabel?: string;
  children: (form: TCrudFormProps<T>) => ReactNode;
}) {
  const { editing } = crud;
  const form = {
    ...(editing ? { initial: editing } : {}),
    submitLabel: editing ? saveLabel : createLabel,
    onCancel: crud.closeForm,
  };
  return (
    <FormDialog isOpen={crud.isFormOpen} onClose={crud.closeForm} title={editing ? editTitle : newTitle}>
      <Fragment key={editing?.id ?? 'new'}>{children(form)}</Fragment>
    </FormDialog>
  );
}

/** Asks before deleting the chosen record. */
export function CrudDeleteDialog<T extends TRecord>({
  crud,
  list,
  title,
  message,
  confirmLabel = () => 'Delete',
  onDelete,
}: {
  crud: TCrud<T>;
  /**
   * The list the row was picked from: while it is being read again the question waits (Delete
   * disabled), then asks about the record as the list now has it. A row shown from the cache
   * while the list refetches can count children added a moment ago as none, and a delete asked
   * on that count is refused by the backend.
   */
  list?: UseQueryResult<T[]>;
  title: string;
  message: (item: T) => ReactNode;
  confirmLabel?: (item: T) => string;
  onDelete: (item: T) => void;
}) {
  const picked = crud.deleting;
  const checking = picked !== null && list?.fetchStatus === 'fetching';
  const item = picked ? (list?.data?.find((row) => row.id === picked.id) ?? picked) : null;
  return (
    <ConfirmDialog
      isOpen={item !== null}
      title={title}
      message={item ? (checking ? `Checking what “${item.name}” holds…` : message(item)) : ''}
      confirmLabel={item ? confirmLabel(item) : 'Delete'}
      isBusy={checking}
      onClose={crud.closeDelete}
      onConfirm={() => {
        if (!item || checking) return;
        onDelete(item);
        crud.closeDelete();
      }}
    />
  );
}

/** The name prefix the list is filtered by, kept in the address (?q=) so it survives a reload. */
export function useSearchPrefix(): [string, (prefix: string) => void] {
  const [params, setParams] = useSearchParams();
  return [params.get('q') ?? '', (q) => setParams(q ? { q } : {}, { replace: true })];
}

/** The search box over a list, with how many records there are in all. */
export function SearchRow({
  label,
  prefix,
  onChange,
  count,
  what,
}: {
  label: string;
  prefix: string;
  onChange: (prefix: string) => void;
  count: UseQueryResult<number>;
  what: string;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <SearchBox label={label} value={prefix} onChange={onChange} />
      <p className="text-sm text-muted" aria-live="polite">
        <CountText query={count} />
        {` ${what} in all`}
      </p>
    </div>
  );
}

/**
 * One level's create/edit dialog and delete question, wired to its mutations (`useLevelMutations`):
 * a form's values create a record or update the one being edited; a record with children is
 * deleted with them only once the admin has been told (`childCount`).
 */
export function LevelDialogs<T extends TRecord, I, V = I>({
  crud,
  mutations,
  what,
  saveLabel,
  form,
  toCreate = (values) => values as unknown as I,
  toUpdate = (values) => values as unknown as Partial<I>,
  deleteMessage,
  childCount = () => 0,
  list,
}: {
  crud: TCrud<T>;
  mutations: TLevelMutations<T, I>;
  /** The level in the dialogs' titles: "New movement", "Delete movement?". */
  what: string;
  saveLabel?: string;
  form: (props: TCrudFormProps<T> & { onSubmit: (values: V) => void }) => ReactNode;
  toCreate?: (values: V) => I;
  toUpdate?: (values: V) => Partial<I>;
  /** Without it the page asks before deleting in its own way. */
  deleteMessage?: (item: T) => ReactNode;
  childCount?: (item: T) => number;
  /** The list the rows come from, so a delete question asks about the record as it is now (see CrudDeleteDialog). */
  list?: UseQueryResult<T[]>;
}) {
  return (
    <>
      <CrudFormDialog crud={crud} newTitle={`New ${what}`} editTitle={`Edit ${what}`} createLabel={`Create ${what}`} {...(saveLabel ? { saveLabel } : {})}>
        {(props) =>
          form({
            ...props,
            onSubmit: (values) =>
              crud.save(
                (item) => mutations.update.mutate({ id: item.id, update: toUpdate(values) }),
                () => mutations.create.mutate(toCreate(values)),
              ),
          })
        }
      </CrudFormDialog>
      {deleteMessage ? (
        <CrudDeleteDialog
          crud={crud}
          {...(list ? { list } : {})}
          title={`Delete ${what}?`}
          message={deleteMessage}
          confirmLabel={(item) => (childCount(item) > 0 ? 'Delete all' : 'Delete')}
          onDelete={(item) => mutations.remove.mutate({ id: item.id, children: childCount(item) > 0 ? 'cascade' : 'block' })}
        />
      ) : null}
    </>
  );
}

/** A page's card of one level's children (a group's movements): New, then the list with Edit and Delete. */
export function ChildrenCard<T extends TRecord>({
  crud,
  query,
  title,
  what,
  columns,
}: {
  crud: TCrud<T>;
  query: UseQueryResult<T[]>;
  /** "Movements": the card's title and the list's label. */
  title: string;
  /** "movement": the New button's word. */
  what: string;
  columns: readonly TColumn<T>[];
}) {
  return (
    <Card title={title}>
      <div>
        <Button onClick={crud.create}>New {what}</Button>
      </div>
      <CrudList crud={crud} query={query} label={title} loading={`Loading ${title.toLowerCase()}…`} empty={`No ${title.toLowerCase()} yet.`} columns={columns} />
    </Card>
  );
}
