import type { Capabilities } from '@sfm/protocol';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tr } from '../../i18n/index.ts';
import { speechRecognitionConstructor } from '../../platform/media.ts';
import { Page } from '../../ui/page.tsx';
import { VoiceCommandButton } from '../assistant/index.ts';
import {
  BrowserSpeechInput,
  CloudRealtimeSpeechInput,
  loadCapabilities,
  readSpeechEngine,
  SingleShotSpeechInput,
  speechEngines,
  speechOutput,
  type EngineName,
  type SpeechInput,
} from '../speech/index.ts';
import { SPEECH_DEBUG_NS } from '../../i18n/speech-debug/index.ts';

/** The voices of the app's own to try out (the screen-reader one hands text to the user's screen reader). */
type OutputEngineName = Exclude<EngineName, 'silent' | 'screen-reader'>;
const OUTPUT_ENGINES: readonly OutputEngineName[] = ['browser', 'native', 'cloud'];
type InputName = 'browser-recognition' | 'cloud-realtime' | 'cloud-single';
const INPUTS: readonly InputName[] = ['browser-recognition', 'cloud-realtime', 'cloud-single'];
const MAX_EVENTS = 20;

interface DebugEvent {
  id: number;
  at: number;
  text: string;
}

const now = () => Math.round(performance.now());

/** /speech-debug: every speech engine with its live state, recent events and the server capabilities. */
export function SpeechDebugPage() {
  const { t } = useTranslation(SPEECH_DEBUG_NS);
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
    'cloud-single': false,
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
      // tr: the language of the moment the event comes, without resubscribing when it changes
      const parts = [
        tr(`outputEvents.${e.type}`, { ns: SPEECH_DEBUG_NS }),
        'engine' in e && e.engine ? tr(`engines.${e.engine}`, { ns: SPEECH_DEBUG_NS }) : '',
        'text' in e ? e.text : '',
        e.type === 'speechError' ? e.reason : '',
      ];
      log(parts.filter(Boolean).join(' · '));
    });
    const current = inputs.current;
    return () => {
      alive = false;
      clearInterval(timer);
      off();
      for (const input of Object.values(current)) input?.stop();
    };
  }, []);

  const engineLabel = (name: string) => t(`engines.${name}`);

  const speakOn = (name: OutputEngineName) => {
    const engine = speechEngines[name];
    const started = now();
    speechOutput.stopAll();
    const engineText = engineLabel(name);
    log(t('events.speak', { engine: engineText }));
    engine
      .speak(t('sampleText'), {
        onStart: () => log(t('events.started', { engine: engineText, ms: now() - started })),
        priority: 'routine',
      })
      .then((outcome) =>
        log(
          t(`events.${outcome.kind}`, {
            engine: engineText,
            ms: now() - started,
            reason: outcome.kind === 'failed' ? outcome.reason : '',
          }),
        ),
      )
      .catch((error: unknown) =>
        log(
          t('events.threw', {
            engine: engineText,
            reason: error instanceof Error ? error.message : String(error),
          }),
        ),
      );
  };

  const makeInput = (name: InputName): SpeechInput | null => {
    if (name === 'cloud-realtime') return new CloudRealtimeSpeechInput();
    // record, then upload to POST /api/speech/recognize: the result is logged after stop
    if (name === 'cloud-single') return new SingleShotSpeechInput();
    const Recognition = speechRecognitionConstructor();
    return Recognition ? new BrowserSpeechInput(Recognition, { continuous: true }) : null;
  };

  const toggleInput = (name: InputName) => {
    const running = inputs.current[name];
    if (running) {
      running.stop();
      delete inputs.current[name];
      setListening((s) => ({ ...s, [name]: false }));
      log(t('events.inputStop', { engine: engineLabel(name) }));
      return;
    }
    const input = makeInput(name);
    if (!input) {
      log(
        t('events.unsupported', {
          engine: engineLabel(name),
          message: t('speechInput.unsupported'),
        }),
      );
      return;
    }
    const started = now();
    input.onResult(({ text, isFinal }) =>
      log(
        t(isFinal ? 'events.final' : 'events.interim', {
          engine: engineLabel(name),
          text,
          ms: now() - started,
        }),
      ),
    );
    input.onError((error) => {
      log(
        t('events.inputError', {
          engine: engineLabel(name),
          message: error.message ?? t(error.key),
          code: error.code,
        }),
      );
      if (error.recoverable === false) {
        delete inputs.current[name];
        setListening((s) => ({ ...s, [name]: false }));
      }
    });
    inputs.current[name] = input;
    input.start();
    setListening((s) => ({ ...s, [name]: true }));
    log(t('events.inputStart', { engine: engineLabel(name) }));
  };

  const yesNo = (value: boolean) => t(value ? 'capabilities.yes' : 'capabilities.no');
  const cloudTask = speechEngines.cloud.lastTask;
  const player = speechEngines.cloud.playerSnapshot();

  return (
    <Page title={t('pages.speechDebug')} className="speech-debug">
      <VoiceCommandButton />
      <section className="card" aria-labelledby={outputId}>
        <h2 id={outputId}>{t('outputTitle')}</h2>
        <p>{t('preference', { engine: t(`preferences.${readSpeechEngine()}`) })}</p>
        <ul>
          {OUTPUT_ENGINES.map((name) => {
            const engine = speechEngines[name];
            const available = engine.available();
            return (
              <li key={name} data-engine={name} data-state={engine.state()}>
                <p>
                  {t('engineState', {
                    engine: engineLabel(name),
                    availability: t(available ? 'available' : 'unavailable'),
                    state: t(`states.${engine.state()}`),
                  })}
                </p>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => speakOn(name)}
                  disabled={!available}
                >
                  {t('speakOn', { engine: engineLabel(name) })}
                </button>
              </li>
            );
          })}
        </ul>
        <p data-testid="cloud-task">
          {cloudTask
            ? t('cloudTask', {
                id: cloudTask.id,
                status: t(`taskStatus.${cloudTask.status}`),
                reason: cloudTask.endReason ?? '',
              })
            : t('noCloudTask')}
        </p>
        <p>
          {t('player', {
            bytes: player.bytesAppended,
            current: player.currentTime.toFixed(1),
            buffered: player.bufferedEnd.toFixed(1),
          })}
        </p>
        <button type="button" className="button button--primary" onClick={() => speechOutput.stopAll()}>
          {t('stopAll')}
        </button>{' '}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void speechOutput.repeatLast()}
        >
          {t('repeatLast')}
        </button>
      </section>

      <section className="card" aria-labelledby={inputId}>
        <h2 id={inputId}>{t('inputTitle')}</h2>
        <ul>
          {INPUTS.map((name) => (
            <li key={name} data-input={name} data-listening={listening[name]}>
              <button
                type="button"
                className="button button--secondary"
                aria-pressed={listening[name]}
                onClick={() => toggleInput(name)}
              >
                {t(listening[name] ? 'stopInput' : 'startInput', {
                  engine: engineLabel(name),
                })}
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby={capsId}>
        <h2 id={capsId}>{t('capabilitiesTitle')}</h2>
        {caps === 'loading' ? (
          <p>{t('loading')}</p>
        ) : caps === null ? (
          <p>{t('capabilitiesFailed')}</p>
        ) : (
          <dl data-testid="capabilities">
            <dt>{t('capabilities.vision')}</dt>
            <dd>{t(`serverEngines.${caps.vision.engine}`)}</dd>
            <dt>{t('capabilities.tts')}</dt>
            <dd>
              {t(`serverEngines.${caps.tts.engine}`)} ·{' '}
              {t('capabilities.voices', {
                voices: caps.tts.voices.join(', ') || t('capabilities.none'),
              })}
            </dd>
            <dt>{t('capabilities.asr')}</dt>
            <dd>
              {caps.asr.engine ? t(`serverEngines.${caps.asr.engine}`) : t('capabilities.none')} ·{' '}
              {t('capabilities.realtime', { value: yesNo(caps.asr.realtime) })} ·{' '}
              {t('capabilities.singleShot', { value: yesNo(caps.asr.singleShot) })}
            </dd>
          </dl>
        )}
      </section>

      <section className="card" aria-labelledby={eventsId}>
        <h2 id={eventsId}>{t('eventsTitle')}</h2>
        <div role="log" aria-live="polite" aria-labelledby={eventsId} data-testid="speech-events">
          <ol>
            {events.map((e) => (
              <li key={e.id}>
                <time>{t('eventAt', { ms: e.at })}</time> {e.text}
              </li>
            ))}
          </ol>
        </div>
        {events.length === 0 && <p>{t('noEvents')}</p>}
      </section>
    </Page>
  );
}
