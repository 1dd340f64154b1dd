import { describe, expect, it } from 'vitest';
import { SOCKET_ERRORS } from '@movelab/shared/socket-errors';
import { socketErrorText } from './messages';

describe('the phone’s refusal texts', () => {
  it('tells a network out of code tries how long to wait, and that the QR code still works', () => {
    const refused = { code: SOCKET_ERRORS.tooManyWrongCodes, message: 'Too many wrong codes from this address: try again in about 59 min' };
    expect(socketErrorText({ ...refused, retryAfterSeconds: 3540 })).toBe(
      'Too many wrong codes were typed from this network. Try again in 59 minutes, or scan the QR code on the desktop.',
    );
    expect(socketErrorText({ ...refused, retryAfterSeconds: 20 })).toMatch(/Try again in 1 minute,/);
    expect(socketErrorText(refused)).toMatch(/Try again later, or scan the QR code/);
  });
});
