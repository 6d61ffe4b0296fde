import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { useSession } from '../session/index.ts';
import { platform } from '../platform/index.ts';
import { shellHides } from './features.ts';

// the dialog (and what it imports) loads only for someone who has not accepted yet: most visits never need it
const PrivacyDialog = lazy(() => import('./privacy-dialog.tsx').then((m) => ({ default: m.PrivacyDialog })));

/**
 * Until accepted, on every page but those that go without it (/, /download, /privacy): on the web
 * and on iPhone. The spec exempts only Android, whose installer shows the policy before the app.
 */
export function shouldShowPrivacyGate(pathname: string, accepted: boolean, android: boolean): boolean {
  if (accepted || android) return false;
  return !shellHides(pathname, 'privacyGate');
}

export function PrivacyGate({ native }: { native: boolean }) {
  const [pathname] = useLocation();
  const accepted = useSession((s) => s.privacyAccepted);
  const android = native && platform.name() === 'android';
  if (!shouldShowPrivacyGate(pathname, accepted, android)) return null;
  return (
    <Suspense fallback={null}>
      <PrivacyDialog />
    </Suspense>
  );
}
