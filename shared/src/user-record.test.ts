import { describe, expect, it } from 'vitest';
import { ZUser } from './entities.js';
import { readableUser } from './user-record.js';

const stored = { displayName: 'Ada', displayNameLowercase: 'ada', email: 'ada@x.test', roles: [], activities: ['a1'] };

describe('readableUser', () => {
  it('reads a record ZUser accepts as ZUser does, with the document id', () => {
    expect(readableUser('u1', stored)).toEqual(ZUser.parse({ ...stored, id: 'u1' }));
    expect(readableUser('u1', stored).unreadableFields).toBeUndefined();
  });

  it('reads a record ZUser refuses without the refused fields, naming them, and the result is a ZUser', () => {
    const user = readableUser('u2', { ...stored, activities: [42], height: null, email: 7 });
    expect(user).toMatchObject({ id: 'u2', displayName: 'Ada', email: '', activities: [], unreadableFields: ['email', 'height', 'activities'] });
    expect(user).not.toHaveProperty('height');
    expect(ZUser.safeParse(user).success).toBe(true);
  });

  it('still gives a record for a document holding nothing the app reads, naming the missing fields too', () => {
    const user = readableUser('u3', { displayName: { first: 'Ada' }, roles: 'ADMIN' });
    expect(user).toMatchObject({ id: 'u3', displayName: '', roles: [], unreadableFields: ['displayName', 'displayNameLowercase', 'email', 'roles'] });
    expect(ZUser.safeParse(user).success).toBe(true);
  });
});
