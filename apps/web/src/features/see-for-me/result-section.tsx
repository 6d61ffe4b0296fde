import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { CALL_SHARING_LAST } from '../calls/index.ts';
import { LiveControls } from './live-controls.tsx';
import type { SceneState } from './scene/scene-state.ts';
import { useLiveText } from './use-live-text.ts';

function formatTime(at: number): string {
  const d = new Date(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/**
 * The result area: the question asked, the last result with its time (a live region unless the
 * screen reader is the voice), and what may follow it (继续读, 仍然描述, a live channel's own
 * controls, asking a volunteer).
 */
export function ResultSection({
  state,
  live,
  onReadOn,
  onDescribeAnyway,
  onLiveControl,
}: {
  state: SceneState;
  live: 'off' | 'polite';
  onReadOn: () => void;
  onDescribeAnyway: () => void;
  onLiveControl: (id: string, value?: string) => void;
}) {
  const { t } = useTranslation();
  const resultKey = state.lastResult ? state.lastResult.at : 0;
  const resultLive = useLiveText(state.lastResult ? 'result' : '', resultKey);
  return (
    <section className="sfm-result" aria-labelledby="sfm-result-title">
      <h2 id="sfm-result-title">{t('seeForMe.resultTitle')}</h2>
      {state.question ? (
        <p className="sfm-result__question" data-testid="sfm-question">
          {t('seeForMe.question', { text: state.question })}
        </p>
      ) : null}
      <div aria-live={live} aria-atomic="true" data-testid="sfm-result">
        {resultLive && state.lastResult ? (
          <p className="sfm-result__message">
            <time dateTime={new Date(state.lastResult.at).toISOString()} className="sfm-result__time">
              {formatTime(state.lastResult.at)}
            </time>{' '}
            <span className="sfm-result__text">{state.lastResult.text}</span>
          </p>
        ) : null}
      </div>
      {state.lastResult ? null : <p className="sfm-result__empty">{t('seeForMe.noResult')}</p>}
      <LiveControls controls={state.liveControls} onControl={onLiveControl} />
      {state.unread ? (
        <button type="button" className="button button--secondary" onClick={() => onReadOn()}>
          {t('seeForMe.readOn')}
        </button>
      ) : null}
      {state.retake ? (
        <button type="button" className="button button--secondary" onClick={() => onDescribeAnyway()}>
          {t('seeForMe.describeAnyway')}
        </button>
      ) : null}
      {state.lastResult && !state.retake ? (
        // the AI may be unsure: a volunteer sees this photo and its answer, one tap away
        <Link to={CALL_SHARING_LAST} className="button button--secondary">
          {t('seeForMe.askVolunteer')}
        </Link>
      ) : null}
    </section>
  );
}
