/**
 * Unique names over Firestore: a level with `uniqueName` keeps one claim document per name in
 * use, written in the same transaction as the record that takes it.
 */
import { doc, query, runTransaction, type CollectionReference, type DocumentReference, type Firestore, type Transaction } from 'firebase/firestore';
import { APP_ERRORS, COLLECTIONS, MovelabError, nameKeyId, nameTakenMessage, sameNamed, type TCatalogueLevelName } from '@movelab/shared';
import { levelOf, storable, storedSchema, type TFields } from './catalogue-store';
import { sdk } from './errors';
import { readAll } from './firestore';

const refuseName = (name: TCatalogueLevelName, taken: string) => new MovelabError(APP_ERRORS.conflict, nameTakenMessage(name, taken), 409);

/**
 * Where a level keeps names unique (`uniqueName`), the collection holding one document per name
 * in use, its id `nameKeyId(name)`, naming the record that holds it; the record keeps the id in
 * `nameKeyId`. firestore.rules let a record take a name only with its claim in the same write,
 * and a claim be taken over only from a record that no longer holds it.
 */
const NAME_CLAIMS: Partial<Record<TCatalogueLevelName, string>> = { group: COLLECTIONS.movescoreGroupNames };

/**
 * The unique names of a level (`uniqueName`): `check` refuses a name a sibling has (records
 * written before claims existed have none, so the siblings are read too); `claim`, inside the
 * write's transaction, refuses a name another record holds and takes it for `id`.
 */
export function uniqueNames(db: Firestore, name: TCatalogueLevelName, siblings: CollectionReference) {
  const claims = NAME_CLAIMS[name];
  if (!levelOf(name).uniqueName || !claims) return undefined;
  const claimRef = (key: string) => doc(db, claims, key);
  return {
    claimRef,
    check: async (newName: string, exceptId?: string) => {
      const all = await readAll(storedSchema<{ id: string; name: string }>(levelOf(name)), query(siblings));
      const clash = sameNamed(all, newName, exceptId);
      if (clash) throw refuseName(name, clash.name);
    },
    /** Reads only: the caller writes what it returns after its own reads. */
    claim: async (tx: Transaction, newName: string, id: string) => {
      const key = nameKeyId(newName);
      const held = await tx.get(claimRef(key));
      const holderId = held.exists() ? (held.data() as { groupId?: unknown }).groupId : undefined;
      if (typeof holderId === 'string' && holderId !== id) {
        const holder = await tx.get(doc(siblings, holderId));
        if (holder.exists() && holder.data().nameKeyId === key) throw refuseName(name, String(holder.data().name));
      }
      return { key, write: (write: Transaction) => write.set(claimRef(key), { groupId: id }) };
    },
  };
}

export type TUniqueNames = NonNullable<ReturnType<typeof uniqueNames>>;

/** Creates `created` with `fields`, its name claimed, in one transaction; `inSameWrite` adds the rest of the write (the parent's count). */
export async function createNamed(
  db: Firestore,
  names: TUniqueNames,
  created: DocumentReference,
  newName: string,
  fields: TFields,
  inSameWrite: (tx: Transaction) => void,
) {
  await names.check(newName);
  await sdk(() =>
    runTransaction(db, async (tx) => {
      const claim = await names.claim(tx, newName, created.id);
      claim.write(tx);
      tx.set(created, storable({ ...fields, nameKeyId: claim.key }));
      inSameWrite(tx);
    }),
  );
}

/** Updates `own` with `patch` and its new name, claimed in the same transaction; the old name's claim is freed. */
export async function updateNamed(db: Firestore, names: TUniqueNames, own: DocumentReference, newName: string, patch: TFields) {
  await names.check(newName, own.id);
  await sdk(() =>
    runTransaction(db, async (tx) => {
      const stored = await tx.get(own);
      const oldKey: unknown = stored.data()?.nameKeyId;
      const claim = await names.claim(tx, newName, own.id);
      claim.write(tx);
      tx.update(own, storable({ ...patch, nameKeyId: claim.key }));
      if (typeof oldKey === 'string' && oldKey !== claim.key) tx.delete(names.claimRef(oldKey));
    }),
  );
}
