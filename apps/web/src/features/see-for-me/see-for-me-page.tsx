import type { SceneMode } from '@sfm/protocol';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { tr } from '../../i18n/index.ts';
import * as media from '../../platform/media.ts';
import { useCameraRoute } from '../../ui/camera-route.ts';
import { Page } from '../../ui/page.tsx';
import { routes } from '../../ui/routes.ts';
import { TabList, tabId, type TabListHandle } from '../../ui/tab-list.tsx';
import { onSceneModeRequest } from '../assistant/index.ts';
import {
  prepareSpeechInput,
  speechOutput,
  useSpeakWithScreenReader,
  useVoiceInputAvailable,
} from '../speech/index.ts';
import { pointsPaths } from '../points/index.ts';
import { createClickAreaGesture } from './click-area-gesture.ts';
import { keepLiveModesOffline } from './keep-live-modes-offline.ts';
import { MoreScenesDialog } from './more-scenes-dialog.tsx';
import { readOperationMode } from './preferences.ts';
import { ResultSection } from './result-section.tsx';
import type { SceneState } from './scene/scene-state.ts';
import { modesShown, sceneMode, SCENE_MODES } from './scene-modes.ts';
import { createControllers, type FixedScene } from './screen-controllers.ts';
import { preloadSounds } from './sounds.ts';
import { TypedQuestionForm } from './typed-question-form.tsx';
import { useLiveQuestions } from './use-live-questions.ts';
import { useLiveText } from './use-live-text.ts';
import { useSpeechKeys } from './use-speech-keys.ts';
import './see-for-me.css';

/** Spec §2: the camera area's hidden controls, for modes a user may not find in the strip. */
const HIDDEN_CONTROL_MODES = ['qa', 'diabetes'] as const satisfies readonly SceneMode[];

/** The accessible name of the click area: what a tap does now. */
function tapLabelKey(state: SceneState): string {
  const { tap } = sceneMode(state.mode);
  if (tap === 'voice-question' && state.listening) return 'seeForMe.tap.voice-question-listening';
  if (tap === 'dialogue' && state.conversing) return 'seeForMe.tap.dialogue-on';
  if (tap === 'live') return `seeForMe.liveTap.${state.mode}`;
  return `seeForMe.tap.${tap}`;
}

/** /see-for-me: the camera screen. */
export function SeeForMePage({ fixedScene }: { fixedScene?: FixedScene } = {}) {
  const { t } = useTranslation();
  const cameraRoute = useCameraRoute();
  const [{ camera, scene }] = useState(() => createControllers(fixedScene));
  const sceneState = useSyncExternalStore(scene.subscribe, scene.getState);
  // with the screen reader as the app's voice, what is also spoken (the result, a spoken status) stays
  // on screen to be read by browsing but is not announced a second time; a shown-only status still is
  const speakWithScreenReader = useSpeakWithScreenReader();
  const resultLivePoliteness = speakWithScreenReader ? 'off' : 'polite';
  const cameraState = useSyncExternalStore(camera.subscribe, camera.getState);
  const videoRef = useRef<HTMLVideoElement>(null);
  const moreButtonRef = useRef<HTMLButtonElement>(null);
  const [moreOpen, setMoreOpen] = useState(false);
  const tabsRef = useRef<TabListHandle<SceneMode>>(null);

  // camera lifecycle: start on mount, stop on unmount; background stops everything, foreground restarts
  useEffect(() => {
    preloadSounds();
    keepLiveModesOffline(SCENE_MODES);
    camera.attach(videoRef.current);
    if (media.isPageVisible()) void camera.start();
    const off = media.onVisibilityChange((visible) => {
      scene.setVisible(visible);
      if (visible) void camera.start({ restart: true });
      else camera.stop();
    });
    return () => {
      off();
      scene.dispose();
      camera.stop();
      camera.attach(null);
    };
  }, [camera, scene]);

  useEffect(() => scene.setCameraRoute(cameraRoute), [scene, cameraRoute]);

  // camera status → scene (auto-capture runs only while ready) and the status line
  const lastCameraKey = useRef<string | null>(null);
  useEffect(() => {
    scene.setCameraReady(cameraState.status === 'ready');
    const key = cameraState.messageKey;
    if (key && key !== lastCameraKey.current) {
      scene.showCameraMessage(tr(key), cameraState.status === 'failed');
    }
    lastCameraKey.current = key;
  }, [scene, cameraState.status, cameraState.messageKey]);

  // recognition gets ready while the camera starts (the voice is prepared at app start, speech-start.ts)
  useEffect(() => {
    void prepareSpeechInput();
  }, []);

  useLiveQuestions(scene, sceneMode(sceneState.mode));
  // the voice assistant's "switch to … mode"
  const modesFixed = fixedScene !== undefined;
  useEffect(
    () => (modesFixed ? undefined : onSceneModeRequest((mode) => scene.setMode(mode))),
    [scene, modesFixed],
  );

  useSpeechKeys();

  const [gesture] = useState(() =>
    createClickAreaGesture(readOperationMode, {
      act: (options) => scene.tap(options),
      stopSpeech: () => speechOutput.cancel(),
    }),
  );
  useEffect(() => () => gesture.dispose(), [gesture]);

  const statusText = useLiveText(sceneState.statusMessage, sceneState.statusSeq);

  const entry = sceneMode(sceneState.mode);
  const tabs = modesShown('tab');
  const shownTabs = entry.visibility === 'tab' ? tabs : [...tabs, entry];

  const select = (mode: SceneMode) => scene.setMode(mode);

  const onFlash = async () => {
    const key = await camera.toggleTorch();
    if (key) scene.showCameraMessage(tr(key), true);
  };
  const onSwitch = async () => {
    const key = await camera.switchCamera();
    if (key) scene.showCameraMessage(tr(key), true);
  };

  const cameraReady = cameraState.status === 'ready';
  const voiceAvailable = useVoiceInputAvailable();
  // a live channel answers questions too ("灯开着吗"): typed, where no recognizer works
  const asksByVoice = entry.tap === 'voice-question' || entry.tap === 'dialogue' || Boolean(entry.live);

  return (
    <Page title={fixedScene?.title ?? t('seeForMe.title')} className="sfm">
      <p className="visually-hidden">{t('seeForMe.shortcuts')}</p>
      {modesFixed ? null : (
        <div className="sfm-modes">
          <TabList
            ref={tabsRef}
            label={t('seeForMe.modesLabel')}
            tabs={shownTabs.map((m) => ({ id: m.id, label: t(m.labelKey) }))}
            selected={sceneState.mode}
            onSelect={select}
            idPrefix="sfm"
            panel="sfm-panel"
            className="sfm-tabs"
          />
          <button
            ref={moreButtonRef}
            type="button"
            className="button button--secondary sfm-more"
            aria-haspopup="dialog"
            onClick={() => setMoreOpen(true)}
          >
            {t('seeForMe.more')}
          </button>
        </div>
      )}

      <div
        {...(modesFixed ? {} : { role: 'tabpanel', 'aria-labelledby': tabId('sfm', sceneState.mode) })}
        id="sfm-panel"
        className="sfm-panel"
      >
        <div className="sfm-camera" data-camera-status={cameraState.status}>
          <video ref={videoRef} className="sfm-video" muted playsInline autoPlay aria-hidden="true" />
          <button
            type="button"
            className="sfm-click-area"
            data-testid="click-area"
            aria-describedby="sfm-status"
            onClick={(event) => gesture.onClick(event)}
            onPointerDown={gesture.onPointerDown}
            onPointerUp={gesture.onPointerUp}
            onPointerCancel={gesture.onPointerCancel}
            onPointerLeave={gesture.onPointerCancel}
            onContextMenu={(event) => event.preventDefault()}
          >
            <span className="sfm-click-area__label">{t(tapLabelKey(sceneState))}</span>
          </button>
          {modesFixed ? null : (
            // spec §2's hidden controls: not drawn over the camera, but next in the swipe and Tab order
            // (shown while focused), so a screen-reader or keyboard user finds qa and diabetes
            <div className="sfm-hidden-modes">
              {HIDDEN_CONTROL_MODES.map((mode) => (
                <button
                  key={mode}
                  type="button"
                  className="button button--secondary visually-hidden-focusable"
                  onClick={() => select(mode)}
                >
                  {t('seeForMe.switchTo', { mode: t(`seeForMe.modes.${mode}`) })}
                </button>
              ))}
            </div>
          )}
        </div>

        <p
          id="sfm-status"
          role="status"
          aria-live={
            sceneState.statusQuiet || (speakWithScreenReader && sceneState.statusSpoken) ? 'off' : 'polite'
          }
          aria-atomic="true"
          className="sfm-status"
          data-testid="sfm-status"
        >
          {statusText}
        </p>
        {sceneState.pointsShortfall ? (
          <p>
            <Link
              to={sceneState.pointsShortfall === 'login' ? routes.login : pointsPaths.recharge}
              className="button button--primary"
            >
              {t(
                sceneState.pointsShortfall === 'login'
                  ? 'seeForMe.outOfPoints.login'
                  : 'seeForMe.outOfPoints.recharge',
              )}
            </Link>
          </p>
        ) : null}

        <div className="sfm-controls">
          <button type="button" className="button button--primary" onClick={() => speechOutput.cancel()}>
            {t('seeForMe.stopSpeech')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void speechOutput.repeatLast()}
          >
            {t('seeForMe.repeatLast')}
          </button>
          {cameraReady && cameraState.torchSupported ? (
            <button
              type="button"
              className="button button--secondary"
              aria-pressed={cameraState.torchOn}
              onClick={() => void onFlash()}
            >
              {cameraState.torchOn ? t('seeForMe.flashOff') : t('seeForMe.flashOn')}
            </button>
          ) : null}
          {cameraState.cameraCount > 1 ? (
            <button type="button" className="button button--secondary" onClick={() => void onSwitch()}>
              {t('seeForMe.switchCamera')}
            </button>
          ) : null}
        </div>

        {asksByVoice && !voiceAvailable ? (
          <TypedQuestionForm focusSeq={sceneState.typedQuestionSeq} onAsk={(text) => scene.ask(text)} />
        ) : null}

        <ResultSection
          state={sceneState}
          live={resultLivePoliteness}
          onReadOn={() => scene.readOn()}
          onDescribeAnyway={() => scene.describeAnyway()}
          onLiveControl={(id, value) => scene.liveControl(id, value)}
        />
      </div>

      <MoreScenesDialog
        open={moreOpen && !modesFixed}
        current={sceneState.mode}
        modes={modesShown('more', SCENE_MODES)}
        onChoose={(mode) => {
          setMoreOpen(false);
          select(mode);
          // the chosen mode now has its own tab: put focus there
          requestAnimationFrame(() => tabsRef.current?.focus(mode));
        }}
        onClose={() => {
          setMoreOpen(false);
          moreButtonRef.current?.focus();
        }}
      />
    </Page>
  );
}
