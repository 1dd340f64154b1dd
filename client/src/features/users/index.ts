/** The users feature's public surface for the app: reading and creating the signed-in user's record. */
export { createUser } from './api/create-user';
export { getUserQueryOptions, useUser } from './api/get-user';
