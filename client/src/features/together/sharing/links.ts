/**
 * Who connects to whom for camera tiles, from the board alone: a member who shares offers their
 * video to every other connected member (one peer each, the sharer initiating), and receives
 * from every other connected member who shares. Pure, so the peers follow the board's changes.
 */
import { GROUP_MAX_SHARED_VIDEOS, type TGroupBoard, type TGroupMember } from '@movelab/shared';

/** send: my video to `uid`; receive: `uid`'s video to me. */
export type TLink = { direction: 'send' | 'receive'; uid: string };

export const linkKey = (link: TLink) => `${link.direction}:${link.uid}`;

const isOther = (uid: string | null) => (member: TGroupMember) => member.uid !== uid && member.connection === 'connected';

/**
 * The links this member should have. `isSending`: the board says this member shares and their
 * camera's stream is open here.
 */
export function wantedLinks(board: TGroupBoard | null, uid: string | null, isSending: boolean): TLink[] {
  if (!board || !uid) return [];
  const others = board.members.filter(isOther(uid));
  const sends = isSending ? others.map((member): TLink => ({ direction: 'send', uid: member.uid })) : [];
  const receives = others.filter((member) => member.sharing).map((member): TLink => ({ direction: 'receive', uid: member.uid }));
  return [...sends, ...receives];
}

/** What changes from the links open now (by key) to the wanted ones: which to open and which to close. */
export function diffLinks(open: Iterable<string>, wanted: TLink[]): { toOpen: TLink[]; toClose: string[] } {
  const openKeys = new Set(open);
  const wantedKeys = new Set(wanted.map(linkKey));
  return {
    toOpen: wanted.filter((link) => !openKeys.has(linkKey(link))),
    toClose: [...openKeys].filter((key) => !wantedKeys.has(key)),
  };
}

/** The members whose tiles show here: everyone else who shares, in board order, at most GROUP_MAX_SHARED_VIDEOS. */
export const sharersSeen = (board: TGroupBoard | null, uid: string | null): TGroupMember[] =>
  (board?.members ?? []).filter((member) => member.sharing && member.uid !== uid).slice(0, GROUP_MAX_SHARED_VIDEOS);
