/** The home feature's public surface for the app: the parts of the home page. */
export { Greeting } from './components/greeting';
export { QuickEntries } from './components/quick-entries';
export { MyActivities, MyRoutines } from './components/subscriptions';
