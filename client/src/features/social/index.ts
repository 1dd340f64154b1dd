/** The social feature's public surface for the app: the friends and community pages. */
export { CommunityPage, FriendsPage } from './components/social-pages';
