import { describe, expect, it } from 'vitest';
import { boardOf, member } from '../testing/fixtures';
import { diffLinks, linkKey, sharersSeen, wantedLinks } from './links';

const keys = (links: ReturnType<typeof wantedLinks>) => links.map(linkKey).sort();

describe('who connects to whom for camera tiles', () => {
  it('has no links while nobody shares', () => {
    expect(wantedLinks(boardOf({ members: [member('ann'), member('bob')] }), 'ann', false)).toEqual([]);
  });

  it('sends a sharer’s video to every other connected member, watchers too, and receives from every other sharer', () => {
    const board = boardOf({
      members: [
        member('ann', { sharing: true }),
        member('bob', { sharing: true }),
        member('cai', { role: 'watching' }),
        member('dee', { connection: 'reconnecting' }),
      ],
    });
    expect(keys(wantedLinks(board, 'ann', true))).toEqual(['receive:bob', 'send:bob', 'send:cai']);
    // Ann shares on the board but her camera is not open here yet: she only receives.
    expect(keys(wantedLinks(board, 'ann', false))).toEqual(['receive:bob']);
    expect(keys(wantedLinks(board, 'cai', false))).toEqual(['receive:ann', 'receive:bob']);
    expect(wantedLinks(null, 'ann', true)).toEqual([]);
    expect(wantedLinks(board, null, true)).toEqual([]);
  });

  it('opens the links a board change adds and closes those it removes (a sharer stops, a viewer drops)', () => {
    const before = boardOf({ members: [member('ann', { sharing: true }), member('bob'), member('cai', { sharing: true })] });
    const open = wantedLinks(before, 'ann', true).map(linkKey);
    const after = boardOf({
      members: [member('ann', { sharing: true }), member('bob', { connection: 'reconnecting' }), member('cai'), member('dee')],
    });
    const { toOpen, toClose } = diffLinks(open, wantedLinks(after, 'ann', true));
    expect(toOpen.map(linkKey)).toEqual(['send:dee']);
    expect(toClose.sort()).toEqual(['receive:cai', 'send:bob']);
  });

  it('shows the tiles of the others who share, in board order, never one’s own', () => {
    const board = boardOf({ members: ['ann', 'bob', 'cai', 'dee', 'eve'].map((uid) => member(uid, { sharing: uid !== 'bob' })) });
    expect(sharersSeen(board, 'ann').map((one) => one.uid)).toEqual(['cai', 'dee', 'eve']);
    expect(sharersSeen(board, 'bob').map((one) => one.uid)).toEqual(['ann', 'cai', 'dee', 'eve']);
  });
});
