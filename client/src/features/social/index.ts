/** The social feature's public surface for the app: the friends and community pages, and invitations to practise together. */
export { FriendsScreen } from './components/friends-page';
export { InvitationNotices } from './components/invitation-notices';
export { CommunityPage } from './components/social-pages';
