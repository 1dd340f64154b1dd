/** The practice feature's public surface for the app: the practice screen. */
export { PracticeScreen } from './components/practice-screen';
