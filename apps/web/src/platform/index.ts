export { platform } from './platform.ts';
export type { KeyValueStorage, Platform, PlatformName } from './platform.ts';
