/** The back office's code, for the app to hand it what the features add to the back office. */
export { adminArea } from './admin-area.tsx';
