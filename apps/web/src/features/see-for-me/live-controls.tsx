import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelControl, CueWords } from './channels/live-channel.ts';

/**
 * A live channel's own controls under its result: buttons for the user's explicit acts (打开链接,
 * 保存) and a labelled list for a choice (what to find). Native elements, so every screen reader and
 * keyboard knows them.
 */
export function LiveControls({
  controls,
  onControl,
}: {
  controls: readonly ChannelControl[];
  onControl: (id: string, value?: string) => void;
}) {
  const { t } = useTranslation();
  const idBase = useId();
  const words = (w: CueWords) => ('text' in w ? w.text : t(w.key, w.params));
  if (!controls.length) return null;
  return (
    <div className="sfm-live-controls">
      {controls.map((control) =>
        control.kind === 'action' ? (
          <button
            key={control.id}
            type="button"
            className="button button--secondary"
            onClick={() => onControl(control.id)}
          >
            {words(control.label)}
          </button>
        ) : (
          <div key={control.id} className="field">
            <label className="field__label" htmlFor={`${idBase}-${control.id}`}>
              {words(control.label)}
            </label>
            <select
              id={`${idBase}-${control.id}`}
              className="field__input"
              value={control.value}
              onChange={(event) => onControl(control.id, event.target.value)}
            >
              {control.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {words(option.label)}
                </option>
              ))}
            </select>
          </div>
        ),
      )}
    </div>
  );
}
