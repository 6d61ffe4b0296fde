import type { FeatureManifest } from '../../ui/feature-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';
import { routes } from '../../ui/routes.ts';

export const speechDebugManifest: FeatureManifest = {
  routes: [
    {
      path: routes.speechDebug,
      page: lazyPage(() => import('./speech-debug-page.tsx').then((m) => m.SpeechDebugPage)),
      access: 'user',
      voice: { nameKey: 'pages.speechDebug', aliases: ['语音调试', 'speech debug'] },
    },
  ],
};
