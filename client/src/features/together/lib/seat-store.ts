/**
 * This tab's own notes on a group session, in sessionStorage (this tab only, gone when it
 * closes): the link's token (so the host, or anyone who came by the link, can share it again
 * after a reload), the host's code, whether this tab sits in the group (a reload rejoins), and
 * whether its result is saved (a reload after the end does not save it twice).
 */
import { ZGroupCode } from '@movelab/shared';
import { z } from 'zod';

const ZSeatNote = z.object({
  joinToken: z.string().nullable().default(null),
  code: ZGroupCode.nullable().default(null),
  isMember: z.boolean().default(false),
  isSaved: z.boolean().default(false),
  /** The id this member's result is saved under: the same on every retry, and after a reload. */
  resultId: z.string().nullable().default(null),
});
export type TSeatNote = z.infer<typeof ZSeatNote>;

type TStorage = Pick<Storage, 'getItem' | 'setItem'>;

const keyOf = (groupId: string) => `movelab.together.${groupId}`;

/** The storage of this tab, or none (a browser that refuses it: nothing is remembered). */
function tabStorage(): TStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readSeatNote(groupId: string, storage = tabStorage()): TSeatNote {
  try {
    const parsed = ZSeatNote.safeParse(JSON.parse(storage?.getItem(keyOf(groupId)) ?? '{}'));
    if (parsed.success) return parsed.data;
  } catch {
    // A damaged note is no note.
  }
  return ZSeatNote.parse({});
}

/** Merges `change` into the note; a token or code already known is kept unless replaced. */
export function noteSeat(groupId: string, change: Partial<TSeatNote>, storage = tabStorage()): TSeatNote {
  const next = { ...readSeatNote(groupId, storage), ...change };
  try {
    storage?.setItem(keyOf(groupId), JSON.stringify(next));
  } catch {
    // Storage full or refused: the session works, a reload asks again.
  }
  return next;
}
