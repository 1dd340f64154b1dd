/**
 * The user list: filter by display-name prefix, or by e-mail prefix when one is given (then
 * sorted by e-mail), cursor pages, and the total. Filter and page live in the URL, so back and
 * forward walk through the pages.
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { isAdmin, type TUserFilterQuery } from '@movelab/shared';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useUserCount, useUserPage } from '../api/users';
import { SelectField } from './fields';
import { userTitle } from './user-title';
import { AdminPage } from './layout';
import { RecordList } from './record-list';
import { CountText, QueryView } from './states';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_SIZE = 20;
const TYPING_PAUSE_MS = 250;

/** The list query a URL's search params describe. */
export function queryFromParams(params: URLSearchParams): TUserFilterQuery {
  const size = Number(params.get('size'));
  const limit = (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_SIZE;
  const email = params.get('email')?.trim() ?? '';
  const name = params.get('name')?.trim() ?? '';
  const after = params.get('after');
  const before = params.get('before');
  return {
    ...(email ? { email } : name ? { name } : {}),
    ...(after ? { startAfter: after } : before ? { endBefore: before } : {}),
    limit,
  };
}

/** Keeps the filter inputs responsive, and writes them to the URL once typing pauses (a new filter starts at page one). */
function useFilterInput(params: URLSearchParams, setParams: ReturnType<typeof useSearchParams>[1], key: 'name' | 'email') {
  const fromUrl = params.get(key) ?? '';
  const [value, setValue] = useState(fromUrl);
  // Back/forward changes the URL: take its value (adjusting state during render, not in an effect).
  const [seenUrl, setSeenUrl] = useState(fromUrl);
  if (seenUrl !== fromUrl) {
    setSeenUrl(fromUrl);
    setValue(fromUrl);
  }
  useEffect(() => {
    if (value === fromUrl) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          next.delete('after');
          next.delete('before');
          return next;
        },
        { replace: true },
      );
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value, fromUrl, key, setParams]);
  return [value, setValue] as const;
}

export function UsersScreen() {
  const [params, setParams] = useSearchParams();
  const query = queryFromParams(params);
  const page = useUserPage(query);
  const total = useUserCount();
  const [name, setName] = useFilterInput(params, setParams, 'name');
  const [email, setEmail] = useFilterInput(params, setParams, 'email');
  const isByEmail = query.email !== undefined;

  const goTo = (cursor: { after: string } | { before: string }) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('after');
      next.delete('before');
      Object.entries(cursor).forEach(([key, value]) => next.set(key, value));
      return next;
    });

  return (
    <AdminPage title="Users" crumbs={[{ label: 'Users', to: paths.adminUsers() }]}>
      <form role="search" aria-label="Filter users" className="grid gap-3 md:grid-cols-[1fr_1fr_auto]" onSubmit={(event) => event.preventDefault()}>
        <TextField label="Name starts with" type="search" value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
        <TextField label="E-mail starts with" type="search" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
        <SelectField
          label="Page size"
          value={String(query.limit)}
          options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
          onChange={(event) =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              next.set('size', event.target.value);
              next.delete('after');
              next.delete('before');
              return next;
            })
          }
        />
      </form>
      <p className="text-sm text-muted" aria-live="polite">
        <CountText query={total} /> users in total · sorted by {isByEmail ? 'e-mail' : 'name'}
        {page.isFetching && !page.isPending ? ' · updating…' : ''}
      </p>
      <QueryView query={page} loading="Loading users…" empty="No user matches this filter." isEmpty={(data) => data.items.length === 0}>
        {(data) => (
          <RecordList
            label="Users"
            items={data.items}
            columns={[
              {
                header: 'Name',
                isMain: true,
                cell: (user) => (
                  <Link className="text-primary hover:underline" to={paths.adminUser({ userId: user.id })}>
                    {userTitle(user)}
                  </Link>
                ),
              },
              { header: 'E-mail', cell: (user) => <span className="break-all">{user.email}</span> },
              { header: 'Roles', cell: (user) => (isAdmin(user.roles) ? 'ADMIN' : '—') },
              { header: 'Account', cell: (user) => (user.disabled ? 'Disabled' : 'Active') },
            ]}
          />
        )}
      </QueryView>
      <nav aria-label="Pages" className="flex items-center justify-between gap-2">
        <Button variant="secondary" disabled={!page.data?.prevCursor || page.isPlaceholderData} onClick={() => page.data?.prevCursor && goTo({ before: page.data.prevCursor })}>
          Previous page
        </Button>
        <Button variant="secondary" disabled={!page.data?.nextCursor || page.isPlaceholderData} onClick={() => page.data?.nextCursor && goTo({ after: page.data.nextCursor })}>
          Next page
        </Button>
      </nav>
    </AdminPage>
  );
}
