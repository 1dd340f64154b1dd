/** Practise together's public surface for the app: its three screens, and the link's token in an address. */
export { NewGroup } from './components/new-group';
export { TogetherHome } from './components/together-home';
export { TogetherSession } from './components/together-session';
export { tokenFromHash } from './lib/join-link';
