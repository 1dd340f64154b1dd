export { CommunityPage as CommunityRoute, FriendsPage as FriendsRoute } from '@/features/social';
