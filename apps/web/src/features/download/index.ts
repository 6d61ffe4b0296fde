import { lazy } from 'react';

export { startUpdateCheck } from './update-check.ts';
export { UpdatePrompt } from './update-prompt.tsx';

/** The release notes as markdown (the back office's preview), loaded with its own chunk. */
export const Changelog = lazy(() => import('./changelog.tsx').then((m) => ({ default: m.Changelog })));
