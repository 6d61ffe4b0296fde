import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import { tr } from '../i18n/index.ts';

/** Spec §9: the permission overlay hides after 1 s. */
export const PERMISSION_OVERLAY_MS = 1000;

export interface PermissionOverlayProps {
  title: string;
  message: string;
  visible: boolean;
  onHidden?: () => void;
}

/**
 * Explains a permission before it is requested. A polite status region that is always in the page
 * (so screen readers pick up its text), filled while visible, and that hides itself after 1 s.
 */
export function PermissionOverlay({ title, message, visible, onHidden }: PermissionOverlayProps) {
  const onHiddenRef = useRef(onHidden);
  useEffect(() => {
    onHiddenRef.current = onHidden;
  }, [onHidden]);

  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => onHiddenRef.current?.(), PERMISSION_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, [visible, title, message]);

  return (
    <div
      role="status"
      aria-live="polite"
      className={visible ? 'permission-overlay' : 'permission-overlay--idle'}
    >
      {visible ? (
        <div className="permission-overlay__card">
          <p className="permission-overlay__title">{title}</p>
          <p className="permission-overlay__message">{message}</p>
        </div>
      ) : null}
    </div>
  );
}

export type PermissionKind = 'camera' | 'microphone';

interface OverlayState {
  title: string;
  message: string;
  visible: boolean;
}

const useOverlay = create<OverlayState>()(() => ({ title: '', message: '', visible: false }));
const hideOverlay = () => useOverlay.setState({ visible: false });

/** Rationale texts of spec §6 (Android). */
function rationaleFor(kind: PermissionKind): { title: string; message: string } {
  return kind === 'camera'
    ? { title: tr('permission.cameraTitle'), message: tr('permission.cameraMessage') }
    : { title: tr('permission.microphoneTitle'), message: tr('permission.microphoneMessage') };
}

/**
 * Shows the rationale for `kind` (in the layout's overlay host) and, once it has been on screen
 * for its 1 s, calls the system request and resolves with its result.
 */
export function requestWithRationale<T>(kind: PermissionKind, request: () => Promise<T>): Promise<T> {
  const { title, message } = rationaleFor(kind);
  useOverlay.setState({ title, message, visible: true });
  return new Promise<void>((resolve) => {
    setTimeout(() => {
      hideOverlay();
      resolve();
    }, PERMISSION_OVERLAY_MS);
  }).then(request);
}

/** The app's one overlay host (in the layout). */
export function PermissionOverlayHost() {
  const { title, message, visible } = useOverlay();
  return <PermissionOverlay title={title} message={message} visible={visible} onHidden={hideOverlay} />;
}
