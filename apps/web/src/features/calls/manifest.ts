import type { UserType } from '@sfm/protocol';
import type { FeatureManifest } from '../../ui/feature-manifest.ts';
import { HandsIcon } from '../../ui/icons.tsx';
import { lazyPage } from '../../ui/lazy-page.ts';
import { routes } from '../../ui/routes.ts';
import { callsPaths } from './paths.ts';

/** The volunteer item's target by the stored user's role (spec §2). */
export function volunteerTarget(userType: UserType | null | undefined): string {
  if (userType === 0) return callsPaths.videoCall;
  if (userType === 1) return callsPaths.volunteerCalls;
  return routes.roleSelect;
}

export const callsManifest: FeatureManifest = {
  routes: [
    {
      path: callsPaths.videoCall,
      page: lazyPage(() => import('./video-call-page.tsx').then((m) => m.VideoCallPage)),
      access: 'user',
      voice: { nameKey: 'pages.videoCall', aliases: ['视频求助', 'video call'] },
    },
    {
      path: callsPaths.volunteerCalls,
      page: lazyPage(() => import('./volunteer-calls-page.tsx').then((m) => m.VolunteerCallsPage)),
      access: 'user',
    },
  ],
  nav: {
    id: 'volunteer',
    order: 4,
    labelKey: 'nav.volunteer',
    icon: HandsIcon,
    to: volunteerTarget,
    // not on /role-select, where a user without a role is sent first: that is not the volunteer mode
    selectedOn: [callsPaths.videoCall, callsPaths.volunteerCalls],
  },
  backOffice: () => import('./back-office.ts'),
  personalCentre: () => import('./personal-centre.ts'),
};
