import type { UserType } from '@sfm/protocol';
import type { FeatureManifest } from '../../ui/feature-manifest.ts';
import { HandsIcon } from '../../ui/icons.tsx';
import { routes } from '../../ui/routes.ts';

/** The volunteer item's target by the stored user's role (spec §2). */
export function volunteerTarget(userType: UserType | null | undefined): string {
  if (userType === 0) return routes.videoCall;
  if (userType === 1) return routes.volunteerCalls;
  return routes.roleSelect;
}

export const callsManifest: FeatureManifest = {
  routes: [
    {
      path: routes.videoCall,
      page: { pending: 'pages.videoCall' },
      access: 'user',
      voice: { nameKey: 'pages.videoCall', aliases: ['视频求助', 'video call'] },
    },
    { path: routes.volunteerCalls, page: { pending: 'pages.volunteerCalls' }, access: 'user' },
  ],
  nav: {
    id: 'volunteer',
    order: 4,
    labelKey: 'nav.volunteer',
    icon: HandsIcon,
    to: volunteerTarget,
    also: [routes.videoCall, routes.volunteerCalls],
  },
};
