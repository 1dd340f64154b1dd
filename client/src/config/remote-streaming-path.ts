/**
 * Where a phone opens a join link, `/remote-streaming/<sessionId>`: apart from the route table
 * (paths.ts, which uses it) so that the phone's page, with its JavaScript budget, does not carry
 * every route of the app.
 */
export const REMOTE_STREAMING_PATH = '/remote-streaming';

export const remoteStreamingSessionPath = (sessionId: string) => `${REMOTE_STREAMING_PATH}/${encodeURIComponent(sessionId)}`;
