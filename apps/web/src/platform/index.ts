export { platform } from './platform.ts';
export type { KeyValueStorage, Platform, PlatformName } from './platform.ts';
export * as media from './media.ts';
