/** The settings feature's public surface for the app: the settings screen and the user's avatar. */
export { useAvatarUrl } from './api/avatar';
export { SettingsScreen } from './components/settings-screen';
