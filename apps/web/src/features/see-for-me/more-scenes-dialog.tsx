import type { SceneMode } from '@sfm/protocol';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SceneModeEntry } from './scene-modes.ts';

export interface MoreScenesDialogProps {
  open: boolean;
  current: SceneMode;
  modes: readonly SceneModeEntry[];
  onChoose(mode: SceneMode): void;
  onClose(): void;
}

/** "More scenes": a native modal <dialog> (focus stays inside, Esc closes) with a back button. */
export function MoreScenesDialog({ open, current, modes, onChoose, onClose }: MoreScenesDialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="sfm-more-dialog"
      aria-labelledby="sfm-more-title"
      onClose={() => {
        if (open) onClose();
      }}
    >
      <h2 id="sfm-more-title">{t('seeForMe.moreTitle')}</h2>
      <ul className="sfm-more-dialog__list">
        {modes.map((m) => (
          <li key={m.id}>
            <button
              type="button"
              className="button button--secondary button--block"
              aria-current={m.id === current ? 'true' : undefined}
              onClick={() => onChoose(m.id)}
            >
              {t(m.labelKey)}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="button button--primary button--block" onClick={onClose}>
        {t('seeForMe.moreBack')}
      </button>
    </dialog>
  );
}
