export { platform } from './platform.ts';
export { nativeChatImages, NativeChatImages, type ChatImageFiles } from './native-chat-images.ts';
export type { KeyValueStorage, Platform, PlatformName } from './platform.ts';
export { savePhoto, type PhotoSaveOutcome } from './photo-save.ts';
export {
  copyText,
  currentDeviceOs,
  deviceOs,
  installedBuild,
  openExternal,
  webBuildNumber,
  type DeviceOs,
} from './app-distribution.ts';
export {
  apiUrl,
  exchangeTimeoutMs,
  httpExchange,
  TransportError,
  type HttpExchange,
  type HttpReply,
  type TransportFailure,
} from './http-transport.ts';
