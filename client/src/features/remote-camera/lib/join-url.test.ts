import { describe, expect, it } from 'vitest';
import { buildJoinUrl, normalizeCode, parseJoinLink } from './join-url';

const sessionId = 's'.repeat(24);
const joinToken = 'tok_ABC-def.123+/=_long_enough';

describe('join links', () => {
  it('puts the session in the path and the token in the fragment', () => {
    const url = new URL(buildJoinUrl('https://movelab.example', sessionId, joinToken));
    expect(url.pathname).toBe(`/remote-streaming/${sessionId}`);
    expect(url.search).toBe('');
    // The fragment is never sent to a server; the token survives the round trip.
    expect(parseJoinLink(sessionId, url.hash)).toEqual({ sessionId, joinToken });
  });

  it('refuses a link without a token, with a short token or without a session', () => {
    expect(parseJoinLink(sessionId, '')).toBeNull();
    expect(parseJoinLink(sessionId, '#short')).toBeNull();
    expect(parseJoinLink(undefined, `#${joinToken}`)).toBeNull();
    expect(parseJoinLink('short', `#${joinToken}`)).toBeNull();
  });

  it('refuses a fragment that is not valid percent-encoding', () => {
    expect(parseJoinLink(sessionId, '#%E0%A4%A_bad_escape_sequence')).toBeNull();
  });
});

describe('pairing codes', () => {
  it('accepts six digits, with spaces or a dash', () => {
    expect(normalizeCode('123456')).toBe('123456');
    expect(normalizeCode(' 123 456 ')).toBe('123456');
    expect(normalizeCode('123-456')).toBe('123456');
  });

  it('refuses anything else', () => {
    expect(normalizeCode('12345')).toBeNull();
    expect(normalizeCode('1234567')).toBeNull();
    expect(normalizeCode('12a456')).toBeNull();
    expect(normalizeCode('')).toBeNull();
  });
});
