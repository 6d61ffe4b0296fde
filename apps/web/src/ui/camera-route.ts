import { createContext, use } from 'react';

/**
 * Whether the page on screen is on a camera route (spec §4: auto-capture runs there only). A route
 * says so with `camera: true` in its feature's manifest and the app shell provides the answer, so
 * the camera screen does not have to know which features show it (the market's scene use does).
 */
export const CameraRoute = createContext(false);

export const useCameraRoute = (): boolean => use(CameraRoute);
