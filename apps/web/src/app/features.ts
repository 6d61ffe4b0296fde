import { callsManifest } from '../features/calls/manifest.ts';
import { chatManifest } from '../features/chat/manifest.ts';
import { downloadManifest } from '../features/download/manifest.ts';
import { homeManifest } from '../features/home/manifest.ts';
import { infoManifest } from '../features/info/manifest.ts';
import { loginManifest } from '../features/login/manifest.ts';
import { marketManifest } from '../features/market/manifest.ts';
import { pointsManifest } from '../features/points/manifest.ts';
import { privacyManifest } from '../features/privacy/manifest.ts';
import { profileManifest } from '../features/profile/manifest.ts';
import { roleSelectManifest } from '../features/role-select/manifest.ts';
import { seeForMeManifest } from '../features/see-for-me/manifest.ts';
import { settingsManifest } from '../features/settings/manifest.ts';
import { speechDebugManifest } from '../features/speech-debug/manifest.ts';
import type {
  FeatureArea,
  FeatureManifest,
  FeatureRoute,
  NavSlot,
  ShellPart,
} from '../ui/feature-manifest.ts';
import { adminFeatures } from './admin-features.ts';

/**
 * The user app's features. Adding one is adding its manifest here: its pages, its part of the
 * personal centre and of the back office come with it. Their order is the order in which the voice
 * assistant weighs page names of the same length, and that of their cards in the personal centre
 * and their panels in the back office's dashboard.
 */
export const USER_FEATURES: readonly FeatureManifest[] = [
  homeManifest,
  profileManifest(() => import('./personal-centre.ts').then((m) => m.loadPersonalCentre(USER_FEATURES))),
  seeForMeManifest,
  chatManifest,
  marketManifest,
  pointsManifest,
  infoManifest,
  callsManifest,
  settingsManifest,
  speechDebugManifest,
  loginManifest,
  privacyManifest,
  roleSelectManifest,
  downloadManifest,
];

/** Every feature of this build (the native build has no admin area: admin-features.native.ts). */
export const FEATURES: readonly FeatureManifest[] = [...USER_FEATURES, ...adminFeatures(() => FEATURES)];

/** The features that exist on this platform (the native app has no admin area, spec §2). */
export function featuresFor(native: boolean): readonly FeatureManifest[] {
  return native ? FEATURES.filter((f) => f.native !== false) : FEATURES;
}

const normalize = (pathname: string) =>
  pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;

/** Route paths match as the router would, but case-sensitively: "/Login" is not a public page. */
function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((part, i) => part === got[i] || part.startsWith(':'));
}

const inArea = (area: FeatureArea, path: string) =>
  path === area.prefix || path.startsWith(`${area.prefix}/`);

/**
 * The route a path opens and the area it lies in. Among all the features of the build: a path's
 * rules hold whether or not its page exists on this platform.
 */
export function lookup(pathname: string): { route: FeatureRoute | undefined; area: FeatureArea | undefined } {
  const path = normalize(pathname);
  const routes = FEATURES.flatMap((f) => f.routes);
  return {
    route: routes.find((r) => r.path === path) ?? routes.find((r) => matches(r.path, path)),
    area: FEATURES.find((f) => f.area && inArea(f.area, path))?.area,
  };
}

/** Whether the page at `pathname` goes without a part of the app shell. */
export function shellHides(pathname: string, part: ShellPart): boolean {
  const { route, area } = lookup(pathname);
  return Boolean(route?.without?.includes(part) || area?.without?.includes(part));
}

/** Whether the page at `pathname` is a camera route: its route says `camera: true` (spec §4). */
export function isCameraRoute(pathname: string): boolean {
  return lookup(pathname).route?.camera === true;
}

/** The bottom navigation's items, in order, on this platform. */
export function navSlots(features: readonly FeatureManifest[], native: boolean): NavSlot[] {
  return features
    .flatMap((f) => (f.nav ? [f.nav] : []))
    .filter((slot) => !native || slot.native !== false)
    .sort((a, b) => a.order - b.order);
}

/** What the voice assistant can open by name. */
export function voicePages(features: readonly FeatureManifest[]) {
  return features.flatMap((f) => f.routes.flatMap(({ path, voice }) => (voice ? [{ path, ...voice }] : [])));
}
