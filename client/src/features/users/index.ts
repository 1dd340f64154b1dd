/** The users feature's public surface for the app: reading and creating the signed-in user's record. */
export { createUser, loadOrCreateUser as loadOrCreateUserRecord } from './api/create-user';
export { getUserQueryOptions, useUser } from './api/get-user';
