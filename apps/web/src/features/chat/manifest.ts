import type { FeatureManifest } from '../../ui/feature-manifest.ts';
import { ChatIcon } from '../../ui/icons.tsx';
import { lazyPage } from '../../ui/lazy-page.ts';
import { routes } from '../../ui/routes.ts';

export const chatManifest: FeatureManifest = {
  routes: [
    {
      path: routes.aichat,
      page: lazyPage(() => import('./chat-page.tsx').then((m) => m.ChatPage)),
      access: 'user',
      voice: { nameKey: 'nav.aichat', aliases: ['陪我聊聊', '聊天', 'chat'] },
    },
  ],
  nav: { id: 'aichat', order: 1, labelKey: 'nav.aichat', icon: ChatIcon, to: routes.aichat },
};
