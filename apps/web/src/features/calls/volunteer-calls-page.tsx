import { CALLS_NAMESPACE, type CallHistory } from '@sfm/protocol/calls';
import { type Availability, type AvailabilityChoice } from '@sfm/protocol/calls-availability';
import { CALL_LANGUAGES, type CallLanguage } from '@sfm/protocol/calls-language';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALLS_NS } from '../../i18n/calls/index.ts';
import type { Socket } from 'socket.io-client';
import { api } from '../../api/http-client.ts';
import { useSession } from '../../session/index.ts';
import { Page } from '../../ui/page.tsx';
import { AwayRings } from './away-rings.tsx';
import { CallFeedback } from './call-feedback.tsx';
import { iceTransportPolicy, openHelperMedia, setMicrophone } from './call-media.ts';
import { CallVideo } from './call-video.tsx';
import { CallHistoryList } from './call-history-list.tsx';
import { startRinging } from './ringer.ts';
import { endedStatus } from './seeker-status.ts';
import { useSpokenStatus } from './spoken-status.ts';
import type { CallSessionState } from './call-state.ts';
import { useCallSession } from './use-call-session.ts';
import { merged, outgoing, standing } from './volunteer-availability.ts';
import {
  browserTimeZone,
  pauseEnd,
  restingNow,
  useMinute,
  VolunteerRestSettings,
  type RestChange,
} from './volunteer-rest-settings.tsx';
import './calls.css';

/**
 * What an available volunteer hears while no call rings: waiting, or why they will not be rung now
 * (a pause, their quiet hours), so that nobody believes they are on call when they are not.
 */
function standbyWords(
  availability: Availability | null,
  now: number,
  t: TFunction,
  language: string,
): string {
  if (!availability?.available) return t('volunteer.offline');
  const resting = restingNow(availability, now);
  if (resting === 'quiet') return t('volunteer.quietNow');
  if (resting) return t('volunteer.snoozedUntil', { time: pauseEnd(resting.pausedUntil, language) });
  return t('volunteer.waiting');
}

/** What the volunteer hears and reads: the ring, why it stopped, the call's phases. */
function volunteerStatus(state: CallSessionState, standby: string, t: TFunction): string {
  switch (state.phase) {
    case 'incoming':
      return state.incoming?.seekerName
        ? t('volunteer.incoming', { name: state.incoming.seekerName })
        : t('volunteer.incomingNoName');
    case 'connected':
      if (state.reconnected) return t('state.reconnected');
      return state.peerName ? t('state.connected', { name: state.peerName }) : t('state.connectedNoName');
    case 'reconnecting':
      return t('state.reconnecting');
    case 'peerAway':
      return t('state.peerAway');
    case 'rejoining':
      return t('state.rejoining');
    case 'ended':
      return endedStatus(state, t);
    case 'idle':
    case 'cancelled':
    case 'requesting':
    case 'ringing':
    case 'queued':
    case 'noAnswer':
      if (state.error) return state.error;
      if (state.ringStop === 'taken') return t('volunteer.taken');
      if (state.ringStop === 'cancelled') return t('volunteer.withdrawn');
      if (state.ringStop === 'expired') return t('volunteer.expired');
      return standby;
  }
}

/**
 * /volunteer-calls: availability, languages, quiet hours and a pause; the ringing call, the call
 * itself, and the history.
 */
export function VolunteerCallsPage() {
  const { t, i18n } = useTranslation(CALLS_NS);
  const now = useMinute();
  const token = useSession((s) => s.token);
  const [availability, setAvailability] = useState<Availability | null>(null);
  // what the server has stored (its echoes only): the switches follow the volunteer's hand at once,
  // but "正在等待求助" is said only once the server will really ring this page
  const [stored, setStored] = useState<Availability | null>(null);
  const [muted, setMuted] = useState(false);
  const [torchAsked, setTorchAsked] = useState(false);
  const [history, setHistory] = useState<CallHistory | null>(null);
  // whether this socket is registered as available (a reconnect registers again)
  const registered = useRef(false);
  const wanted = useRef<AvailabilityChoice | null>(null);

  const send = (socket: Socket, choice: AvailabilityChoice) => {
    const { sent, kept } = outgoing(choice, browserTimeZone());
    wanted.current = kept;
    registered.current = choice.available;
    socket.emit('setAvailability', sent);
  };

  const session = useCallSession({
    namespace: CALLS_NAMESPACE,
    auth: token ? { token, userType: 'registered' } : null,
    role: 'helper',
    openMedia: openHelperMedia,
    mediaFailedText: t('cameraFailed'),
    iceTransportPolicy: iceTransportPolicy(),
    onConnect: (socket) => {
      registered.current = false;
      if (wanted.current?.available) send(socket, wanted.current);
    },
    onEvent: (event, data) => {
      if (event !== 'availability') return;
      const told = data as Availability;
      setAvailability((known) => merged(known, told));
      setStored((known) => merged(known, told));
      wanted.current ??= standing(told);
    },
  });
  const { state, actions, socket } = session;
  const available = availability?.available ?? false;
  const status = volunteerStatus(state, standbyWords(stored, now, t, i18n.language), t);
  useSpokenStatus(status);

  // the stored choice says available: this page's socket is the one that rings (again after a reconnect)
  useEffect(() => {
    if (socket && availability?.available && !registered.current) send(socket, standing(availability));
  }, [socket, availability]);

  useEffect(() => {
    if (state.phase !== 'incoming') return undefined;
    return startRinging();
  }, [state.phase, state.incoming?.callId]);

  const loadHistory = useCallback(() => {
    void api.call('callHistory').then(
      (answer) => {
        if (answer.ok) setHistory(answer.data);
      },
      () => undefined,
    );
  }, []);
  useEffect(() => {
    if (state.phase === 'idle' || state.phase === 'ended') loadHistory();
  }, [state.phase, loadHistory]);

  const choose = (choice: AvailabilityChoice) => {
    setAvailability((known) => merged(known, choice));
    if (socket) send(socket, choice);
  };
  const current = (): AvailabilityChoice =>
    availability ? standing(availability) : { available: false, languages: ['zh'] };
  const toggleLanguage = (language: CallLanguage, on: boolean) => {
    const { languages: known } = current();
    const languages = on ? [...new Set([...known, language])] : known.filter((l) => l !== language);
    if (languages.length > 0) choose({ ...current(), languages });
  };
  const rest = (change: RestChange) => choose({ ...current(), ...change });

  const incoming = state.phase === 'incoming' ? state.incoming : null;
  return (
    <Page title={t('pages.volunteerCalls')} className="volunteer-calls">
      <p>{t('volunteer.intro')}</p>
      {/* in a call the call is the page: the standing choices come back when it ends */}
      {session.inCall ? null : (
        <>
          <label className="check">
            <input
              type="checkbox"
              role="switch"
              className="check__box"
              checked={available}
              disabled={!socket || availability === null}
              onChange={(e) => choose({ ...current(), available: e.target.checked })}
            />
            {t('volunteer.available')}
          </label>
          <AwayRings />
          <fieldset className="call-languages">
            <legend className="field__label">{t('volunteer.languages')}</legend>
            {CALL_LANGUAGES.map((language) => (
              <label key={language} className="check">
                <input
                  type="checkbox"
                  className="check__box"
                  checked={availability?.languages.includes(language) ?? language === 'zh'}
                  disabled={!socket || availability === null}
                  onChange={(e) => toggleLanguage(language, e.target.checked)}
                />
                {t(`language.${language}`)}
              </label>
            ))}
          </fieldset>
          <VolunteerRestSettings
            availability={availability}
            disabled={!socket || availability === null}
            onChange={rest}
          />
        </>
      )}
      <p className="call-status" data-call-phase={state.phase}>
        {status}
      </p>
      {incoming ? (
        <section className="card call-incoming" aria-labelledby="call-incoming-title">
          <h2 id="call-incoming-title">{status}</h2>
          {incoming.context ? (
            <p>{t('volunteer.sharedContext', { text: incoming.context.description })}</p>
          ) : null}
          {incoming.context?.imageUrl ? (
            <img
              className="call-incoming__photo"
              src={incoming.context.imageUrl}
              alt={t('volunteer.sharedPhoto')}
            />
          ) : null}
          <div className="call-controls">
            <button
              type="button"
              className="button button--primary button--large"
              onClick={() => void actions.accept(incoming.callId)}
            >
              {t('volunteer.accept')}
            </button>
            <button
              type="button"
              className="button button--secondary button--large"
              onClick={() => actions.decline(incoming.callId)}
            >
              {t('volunteer.decline')}
            </button>
          </div>
        </section>
      ) : null}
      {session.inCall ? (
        <>
          <CallVideo stream={session.remoteStream} label={t('inCall.remoteVideo')} className="call-video" />
          <div className="call-controls">
            <button
              type="button"
              className="button button--secondary"
              aria-pressed={muted}
              onClick={() => {
                setMicrophone(session.localStream, muted);
                setMuted(!muted);
              }}
            >
              {t('inCall.mute')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-pressed={torchAsked}
              onClick={() => {
                actions.signal({ kind: 'torch', on: !torchAsked });
                setTorchAsked(!torchAsked);
              }}
            >
              {t('inCall.askTorch')}
            </button>
            <button type="button" className="button button--danger" onClick={actions.hangUp}>
              {t('inCall.end')}
            </button>
          </div>
        </>
      ) : null}
      {state.phase === 'ended' && state.callId ? <CallFeedback callId={state.callId} /> : null}
      <CallHistoryList history={history} />
    </Page>
  );
}
