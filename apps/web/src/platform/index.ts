export { platform } from './platform.ts';
export type { KeyValueStorage, Platform, PlatformName } from './platform.ts';
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
  exchangeTimeoutMs,
  httpExchange,
  TransportError,
  type HttpExchange,
  type HttpReply,
  type TransportFailure,
} from './http-transport.ts';
