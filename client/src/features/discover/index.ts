/** The discover feature's public surface for the app: the catalogue (prefetched at start), its screen and an activity's page. */
export { getCatalogQueryOptions } from './api/get-catalog';
export { ActivityDetails } from './components/activity-details';
export { DiscoverScreen } from './components/discover-screen';
