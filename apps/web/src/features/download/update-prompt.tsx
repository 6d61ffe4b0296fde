import { lazy, Suspense } from 'react';
import { useUpdateOffer } from './update-check.ts';

// the dialog and its markdown come only with an offer: a start without one downloads neither
const UpdateDialog = lazy(() => import('./update-dialog.tsx').then((m) => ({ default: m.UpdateDialog })));

const dismiss = () => useUpdateOffer.setState({ offer: null });

/** The native app's update dialog (spec §4), when the update check at app start has an offer. */
export function UpdatePrompt() {
  const offer = useUpdateOffer((s) => s.offer);
  if (!offer) return null;
  return (
    <Suspense fallback={null}>
      <UpdateDialog offer={offer} onDone={dismiss} />
    </Suspense>
  );
}
