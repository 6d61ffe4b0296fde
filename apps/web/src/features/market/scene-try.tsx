import { scenePrompt } from '@sfm/protocol/market';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, NetworkError } from '../../api/http-client.ts';
import { MARKET_NS } from '../../i18n/market/index.ts';
import { speechOutput, useSpeakWithScreenReader } from '../speech/index.ts';
import { photoFromCamera, photoFromFile } from './photo-source.ts';

type TryState =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done'; text: string }
  | { kind: 'failed'; message: string };

/**
 * "Try it": the prompt being written, run on one photo from the camera or a chosen file, before the
 * scene is saved. An ordinary analysis (metered like any), asked the way a used scene asks it.
 */
export function SceneTry({ prompt }: { prompt: string }) {
  const { t } = useTranslation(MARKET_NS);
  const [state, setState] = useState<TryState>({ kind: 'idle' });
  const fileInput = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const speakWithScreenReader = useSpeakWithScreenReader();

  const run = async (photo: () => Promise<string>, photoFailedKey: string) => {
    if (!prompt.trim()) return setState({ kind: 'failed', message: t('preview.promptFirst') });
    setState({ kind: 'running' });
    let image: string;
    try {
      image = await photo();
    } catch {
      return setState({ kind: 'failed', message: t(photoFailedKey) });
    }
    try {
      const answer = await api.call('visionAnalyze', {
        image,
        scenario: 'question',
        prompt: scenePrompt(prompt.trim()),
        compression: 'high',
      });
      if (!answer.ok) return setState({ kind: 'failed', message: answer.message });
      setState({ kind: 'done', text: answer.data.description });
      void speechOutput.speak(answer.data.description);
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof NetworkError ? error.message : String(error) });
    }
  };

  const result =
    state.kind === 'running'
      ? t('preview.running')
      : state.kind === 'done'
        ? `${t('preview.result')}：${state.text}`
        : state.kind === 'failed'
          ? t('preview.failed', { message: state.message })
          : '';

  return (
    <section className="scene-try card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('preview.title')}</h2>
      <p>{t('preview.intro')}</p>
      <div className="market__buttons">
        <button
          type="button"
          className="button button--secondary"
          disabled={state.kind === 'running'}
          onClick={() => void run(photoFromCamera, 'preview.cameraFailed')}
        >
          {t('preview.takePhoto')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={state.kind === 'running'}
          onClick={() => fileInput.current?.click()}
        >
          {t('preview.chooseFile')}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          data-testid="scene-try-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void run(() => photoFromFile(file), 'preview.failedPhoto');
          }}
        />
      </div>
      {/* with the screen reader as the voice, the speech service has it read the result already */}
      <p
        className="scene-try__result"
        aria-live={speakWithScreenReader ? 'off' : 'polite'}
        data-testid="scene-try-result"
      >
        {result}
      </p>
    </section>
  );
}
