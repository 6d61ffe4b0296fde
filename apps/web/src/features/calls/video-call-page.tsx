import { CALLS_NAMESPACE, type RingProgress, type SharedContext } from '@sfm/protocol/calls';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALLS_NS } from '../../i18n/calls/index.ts';
import { Link, useSearchParams } from 'wouter';
import { useSession } from '../../session/index.ts';
import { Page } from '../../ui/page.tsx';
import { routes } from '../../ui/routes.ts';
import { lastAnalysis, type LastAnalysis } from '../see-for-me/index.ts';
import { waiting } from './call-phase.ts';
import { CallFeedback } from './call-feedback.tsx';
import {
  callLanguage,
  iceTransportPolicy,
  openCamera,
  openSeekerMedia,
  setMicrophone,
  setTorch,
  trackSupportsTorch,
  type Facing,
} from './call-media.ts';
import { CallVideo } from './call-video.tsx';
import { seekerStatus } from './seeker-status.ts';
import { sayCallNews, useSpokenStatus } from './spoken-status.ts';
import { useCallSession } from './use-call-session.ts';
import './calls.css';

/** The seeker's last analysis as the call's shared context (the protocol caps its length). */
const sharedContext = (recent: LastAnalysis | null): SharedContext | null =>
  recent ? { description: recent.description.slice(0, 2000), imageUrl: recent.imageUrl } : null;

/** /video-call: the help-seeker calls a volunteer with one tap and shows them the rear camera. */
export function VideoCallPage() {
  const { t } = useTranslation(CALLS_NS);
  const token = useSession((s) => s.token);
  const [muted, setMuted] = useState(false);
  const [torchOn, setTorchOn] = useState(false);
  const facing = useRef<Facing>('environment');
  // from a see-for-me result (CALL_SHARING_LAST): the call starts at once, that result shared
  const [params] = useSearchParams();
  const callAtOnce = params.get('share') === 'last' && lastAnalysis() !== null;
  const [shareRecent, setShareRecent] = useState(callAtOnce);
  const calledAtOnce = useRef(false);
  const [progress, setProgress] = useState<RingProgress | null>(null);
  const session = useCallSession({
    namespace: CALLS_NAMESPACE,
    auth: token ? { token, userType: 'registered' } : null,
    role: 'seeker',
    openMedia: () => openSeekerMedia(facing.current),
    mediaFailedText: t('cameraFailed'),
    iceTransportPolicy: iceTransportPolicy(),
    onTorchRequest: (on) => void switchTorch(on, true),
    onEvent: (event, data) => {
      if (event === 'ringProgress') setProgress(data as RingProgress);
    },
  });
  const { state, actions, localStream } = session;
  // how many volunteers were notified, for the call ringing now (an older call's count is not said)
  const notified = progress && progress.callId === state.callId ? progress.notified : null;
  const status = seekerStatus(state, t, notified);
  useSpokenStatus(status);

  const videoTrack = localStream?.getVideoTracks()[0];
  const torchAvailable = trackSupportsTorch(videoTrack);

  async function switchTorch(on: boolean, askedByHelper = false) {
    const track = localStream?.getVideoTracks()[0];
    // the helper's ask is news of its own: it does not stand in for the call's status
    if (askedByHelper) sayCallNews(t(on ? 'inCall.torchAsked' : 'inCall.torchAskedOff'));
    if (!track || !trackSupportsTorch(track)) return;
    await setTorch(track, on).then(
      () => setTorchOn(on),
      () => undefined,
    );
  }

  const toggleMute = () => {
    setMicrophone(localStream, muted);
    setMuted(!muted);
  };

  const switchCamera = async () => {
    facing.current = facing.current === 'environment' ? 'user' : 'environment';
    const track = await openCamera(facing.current).catch(() => null);
    if (!track || !localStream) return;
    const old = localStream.getVideoTracks()[0];
    await actions.replaceVideo(track);
    if (old) {
      localStream.removeTrack(old);
      old.stop();
    }
    localStream.addTrack(track);
    setTorchOn(false);
  };

  // opt-in: the volunteer starts with what the AI last said (and its photo) only when asked to
  const recent = lastAnalysis();
  const socketReady = session.socket !== null;
  useEffect(() => {
    if (!callAtOnce || !socketReady || calledAtOnce.current || state.phase !== 'idle') return;
    calledAtOnce.current = true;
    void actions.request(callLanguage(), sharedContext(lastAnalysis()));
  }, [callAtOnce, socketReady, state.phase, actions]);
  const canCall =
    state.phase === 'idle' ||
    state.phase === 'ended' ||
    state.phase === 'noAnswer' ||
    state.phase === 'cancelled';
  return (
    <Page title={t('pages.videoCall')} className="video-call">
      <p>{t('seeker.intro')}</p>
      <p className="call-status" data-call-phase={state.phase}>
        {status}
      </p>
      {canCall && recent ? (
        <label className="check">
          <input
            type="checkbox"
            className="check__box"
            checked={shareRecent}
            onChange={(e) => setShareRecent(e.target.checked)}
          />
          <span className="field__label">{t('seeker.shareContext')}</span>
        </label>
      ) : null}
      {canCall ? (
        <button
          type="button"
          className="button button--primary call-button"
          disabled={!session.socket}
          onClick={() => void actions.request(callLanguage(), shareRecent ? sharedContext(recent) : null)}
        >
          {t('seeker.call')}
        </button>
      ) : null}
      {state.phase === 'noAnswer' ? (
        <Link className="button button--secondary button--block" to={routes.seeForMe}>
          {t('backToCamera')}
        </Link>
      ) : null}
      {waiting(state.phase) ? (
        <button
          type="button"
          className="button button--secondary button--block call-cancel"
          onClick={actions.cancel}
        >
          {t('seeker.cancel')}
        </button>
      ) : null}
      {session.inCall ? (
        <>
          <CallVideo
            stream={localStream}
            muted
            label={t('inCall.localVideo')}
            className="call-video call-video--preview"
          />
          <div className="call-controls">
            <button
              type="button"
              className="button button--secondary"
              aria-pressed={muted}
              onClick={toggleMute}
            >
              {t('inCall.mute')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => void switchCamera()}>
              {t('inCall.switchCamera')}
            </button>
            {torchAvailable ? (
              <button
                type="button"
                className="button button--secondary"
                aria-pressed={torchOn}
                onClick={() => void switchTorch(!torchOn)}
              >
                {t('inCall.torch')}
              </button>
            ) : null}
            <button type="button" className="button button--danger" onClick={actions.hangUp}>
              {t('inCall.end')}
            </button>
          </div>
          {/* the other side's voice: no picture comes from a volunteer */}
          <CallVideo stream={session.remoteStream} label={t('inCall.helperVoice')} audioOnly />
        </>
      ) : null}
      {state.phase === 'ended' && state.callId ? <CallFeedback callId={state.callId} /> : null}
    </Page>
  );
}
