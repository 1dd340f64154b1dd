/** The remote camera feature's public surface for the app and other screens (movescore, practice). */
export { VideoSourcePicker, type TVideoSource } from './components/video-source-picker';
export { RemoteSessionPanel } from './components/remote-session-panel';
export { PhoneCamera } from './components/phone-camera';
export { RemoteSessionProvider, useEndRemoteSession, useLivePhoneStream } from './hooks/remote-session-context';
export { parseJoinLink } from './lib/join-url';
