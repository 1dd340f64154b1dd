/** The remote camera feature's public surface for other screens (movescore, practice). */
export { VideoSourcePicker, type TVideoSource } from './components/video-source-picker';
export { RemoteSessionPanel } from './components/remote-session-panel';
export { RemoteSessionProvider, useLivePhoneStream } from './hooks/remote-session-context';
