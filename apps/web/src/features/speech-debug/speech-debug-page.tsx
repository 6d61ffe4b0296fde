import type { Capabilities } from '@sfm/protocol';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page.tsx';
import { speechRecognitionConstructor } from '../../platform/media.ts';
import { VoiceCommandButton } from '../assistant/voice-command-button.tsx';
import { CloudRealtimeSpeechInput } from '../speech/input/cloud-realtime.ts';
import { BrowserSpeechInput } from '../speech/input/browser-recognizer.ts';
import { loadCapabilities } from '../speech/input/capabilities.ts';
import type { SpeechInput } from '../speech/input/types.ts';
import { speechEngines, speechOutput } from '../speech/output/speech-output-instance.ts';
import type { EngineName } from '../speech/output/types.ts';
import { readSpeechEngine } from '../speech/speech-preferences.ts';

/** The voices of the app's own to try out (the screen-reader one hands text to the user's screen reader). */
type OutputEngineName = Exclude<EngineName, 'silent' | 'screen-reader'>;
const OUTPUT_ENGINES: readonly OutputEngineName[] = ['browser', 'native', 'cloud'];
type InputName = 'browser-recognition' | 'cloud-realtime';
const INPUTS: readonly InputName[] = ['browser-recognition', 'cloud-realtime'];
const MAX_EVENTS = 20;

interface DebugEvent {
  id: number;
  at: number;
  text: string;
}

const now = () => Math.round(performance.now());

/** /speech-debug: every speech engine with its live state, recent events and the server capabilities. */
export function SpeechDebugPage() {
  const { t } = useTranslation();
  const outputId = useId();
  const inputId = useId();
  const capsId = useId();
  const eventsId = useId();
  const [events, setEvents] = useState<DebugEvent[]>([]);
  const [, setTick] = useState(0);
  const [caps, setCaps] = useState<Capabilities | null | 'loading'>('loading');
  const [listening, setListening] = useState<Record<InputName, boolean>>({
    'browser-recognition': false,
    'cloud-realtime': false,
  });
  const inputs = useRef<Partial<Record<InputName, SpeechInput>>>({});
  const counter = useRef(0);

  const log = (text: string) => {
    counter.current += 1;
    const event = { id: counter.current, at: now(), text };
    setEvents((list) => [event, ...list].slice(0, MAX_EVENTS));
  };

  useEffect(() => {
    let alive = true;
    void loadCapabilities(true).then((c) => {
      if (alive) setCaps(c);
    });
    const timer = setInterval(() => setTick((n) => n + 1), 500);
    const off = speechOutput.onEvent((e) => {
      const text = 'text' in e ? ` ${e.text}` : '';
      const engine = 'engine' in e && e.engine ? ` [${e.engine}]` : '';
      log(`${e.type}${engine}${text}${e.type === 'speechError' ? ` (${e.reason})` : ''}`);
    });
    const current = inputs.current;
    return () => {
      alive = false;
      clearInterval(timer);
      off();
      for (const input of Object.values(current)) input?.stop();
    };
  }, []);

  const engineLabel = (name: string) => t(`speechDebug.engines.${name}`);

  const speakOn = (name: OutputEngineName) => {
    const engine = speechEngines[name];
    const started = now();
    speechOutput.stopAll();
    log(`${engineLabel(name)}: speak`);
    engine
      .speak(t('speechDebug.sampleText'), {
        onStart: () => log(`${engineLabel(name)}: started +${now() - started} ms`),
        priority: 'routine',
      })
      .then((outcome) =>
        log(
          `${engineLabel(name)}: ${outcome.kind}${outcome.kind === 'failed' ? ` (${outcome.reason})` : ''} +${now() - started} ms`,
        ),
      )
      .catch((error: unknown) =>
        log(`${engineLabel(name)}: ${error instanceof Error ? error.message : String(error)}`),
      );
  };

  const makeInput = (name: InputName): SpeechInput | null => {
    if (name === 'cloud-realtime') return new CloudRealtimeSpeechInput();
    const Recognition = speechRecognitionConstructor();
    return Recognition ? new BrowserSpeechInput(Recognition, { continuous: true }) : null;
  };

  const toggleInput = (name: InputName) => {
    const running = inputs.current[name];
    if (running) {
      running.stop();
      delete inputs.current[name];
      setListening((s) => ({ ...s, [name]: false }));
      log(`${engineLabel(name)}: stop`);
      return;
    }
    const input = makeInput(name);
    if (!input) {
      log(`${engineLabel(name)}: ${t('speechInput.unsupported')}`);
      return;
    }
    const started = now();
    input.onResult(({ text, isFinal }) =>
      log(`${engineLabel(name)}: ${isFinal ? 'final' : 'interim'} "${text}" +${now() - started} ms`),
    );
    input.onError((error) => {
      log(`${engineLabel(name)}: ${error.message ?? t(error.key)} (${error.code})`);
      if (error.recoverable === false) {
        delete inputs.current[name];
        setListening((s) => ({ ...s, [name]: false }));
      }
    });
    inputs.current[name] = input;
    input.start();
    setListening((s) => ({ ...s, [name]: true }));
    log(`${engineLabel(name)}: start`);
  };

  const cloudTask = speechEngines.cloud.lastTask;
  const player = speechEngines.cloud.playerSnapshot();

  return (
    <Page title={t('pages.speechDebug')} className="speech-debug">
      <VoiceCommandButton />
      <section className="card" aria-labelledby={outputId}>
        <h2 id={outputId}>{t('speechDebug.outputTitle')}</h2>
        <p>{t('speechDebug.preference', { engine: readSpeechEngine() })}</p>
        <ul>
          {OUTPUT_ENGINES.map((name) => {
            const engine = speechEngines[name];
            const available = engine.available();
            return (
              <li key={name} data-engine={name} data-state={engine.state()}>
                <p>
                  {t('speechDebug.engineState', {
                    engine: engineLabel(name),
                    state: `${available ? t('speechDebug.available') : t('speechDebug.unavailable')}, ${engine.state()}`,
                  })}
                </p>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => speakOn(name)}
                  disabled={!available}
                >
                  {t('speechDebug.speakOn', { engine: engineLabel(name) })}
                </button>
              </li>
            );
          })}
        </ul>
        <p data-testid="cloud-task">
          {cloudTask ? `${cloudTask.id} ${cloudTask.status} ${cloudTask.endReason ?? ''}` : '—'} ·{' '}
          {player.bytesAppended} B · {player.currentTime.toFixed(1)}/{player.bufferedEnd.toFixed(1)} s
        </p>
        <button type="button" className="button button--primary" onClick={() => speechOutput.stopAll()}>
          {t('speechDebug.stopAll')}
        </button>{' '}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void speechOutput.repeatLast()}
        >
          {t('speechDebug.repeatLast')}
        </button>
      </section>

      <section className="card" aria-labelledby={inputId}>
        <h2 id={inputId}>{t('speechDebug.inputTitle')}</h2>
        <ul>
          {INPUTS.map((name) => (
            <li key={name} data-input={name} data-listening={listening[name]}>
              <button
                type="button"
                className="button button--secondary"
                aria-pressed={listening[name]}
                onClick={() => toggleInput(name)}
              >
                {t(listening[name] ? 'speechDebug.stopInput' : 'speechDebug.startInput', {
                  engine: engineLabel(name),
                })}
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby={capsId}>
        <h2 id={capsId}>{t('speechDebug.capabilitiesTitle')}</h2>
        {caps === 'loading' ? (
          <p>{t('speechDebug.loading')}</p>
        ) : caps === null ? (
          <p>{t('speechDebug.capabilitiesFailed')}</p>
        ) : (
          <dl data-testid="capabilities">
            <dt>vision</dt>
            <dd>{caps.vision.engine}</dd>
            <dt>tts</dt>
            <dd>
              {caps.tts.engine} ({caps.tts.voices.join(', ') || '—'})
            </dd>
            <dt>asr</dt>
            <dd>
              {caps.asr.engine ?? '—'} · realtime {String(caps.asr.realtime)} · single-shot{' '}
              {String(caps.asr.singleShot)}
            </dd>
          </dl>
        )}
      </section>

      <section className="card" aria-labelledby={eventsId}>
        <h2 id={eventsId}>{t('speechDebug.eventsTitle')}</h2>
        <div role="log" aria-live="polite" aria-labelledby={eventsId} data-testid="speech-events">
          <ol>
            {events.map((e) => (
              <li key={e.id}>
                <time>{e.at} ms</time> {e.text}
              </li>
            ))}
          </ol>
        </div>
        {events.length === 0 && <p>{t('speechDebug.noEvents')}</p>}
      </section>
    </Page>
  );
}
