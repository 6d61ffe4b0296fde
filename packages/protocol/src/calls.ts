import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { VISION_IMAGE_PATH } from './vision.ts';
import { CallLanguage } from './calls-language.ts';
import { Availability, AvailabilityChoice } from './calls-availability.ts';
import { isWellFormedText } from './well-formed-text.ts';

/**
 * Video calls between a help-seeker and volunteers (issue 14). The seeker asks on the `/calls`
 * socket namespace, volunteers on the same namespace are rung in batches, the first accept wins;
 * the media is WebRTC peer to peer, its offer/answer/ICE relayed by the namespace between the call's
 * two members only. Operators answer the calls no volunteer took on `/call-operators`.
 */
export const CALLS_NAMESPACE = '/calls';
export const CALL_OPERATORS_NAMESPACE = '/call-operators';

export const CALL_STATUSES = ['ringing', 'connected', 'completed', 'missed', 'cancelled', 'failed'] as const;
export const CallStatus = z.enum(CALL_STATUSES);
export type CallStatus = z.infer<typeof CallStatus>;

/** Who is being rung: volunteers first, then the operators' queue. */
export const CallStage = z.enum(['volunteers', 'operators']);
export type CallStage = z.infer<typeof CallStage>;

/** One RTCIceServer as the browser takes it (TURN with per-call REST credentials). */
export const IceServer = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof IceServer>;

/** The seeker's last AI description and photo, shared with the volunteer when the seeker opts in. */
/**
 * The only image a seeker may share: their analysed photo at the server's own signed address. A
 * volunteer's device loads it, so any other address would make that device fetch what the seeker
 * chose (an internal service, a tracking pixel).
 */
export const SHARED_IMAGE_URL = new RegExp(
  `^${VISION_IMAGE_PATH.replace(':id', '[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}')}\\?exp=\\d{1,12}&sig=[\\w-]{43}$`,
);

export const SharedContext = z.object({
  description: z.string().trim().min(1).max(2000).refine(isWellFormedText),
  imageUrl: z.string().max(2048).regex(SHARED_IMAGE_URL).optional(),
});
export type SharedContext = z.infer<typeof SharedContext>;

const CallId = z.uuid();

/** WebRTC signalling relayed as is between the two members, plus the helper asking for the torch. */
export const CallSignal = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('description'),
    description: z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(100_000) }),
  }),
  z.object({
    kind: z.literal('candidate'),
    candidate: z.object({
      candidate: z.string().max(2000),
      sdpMid: z.string().max(64).nullable().optional(),
      sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
    }),
  }),
  z.object({ kind: z.literal('torch'), on: z.boolean() }),
]);
export type CallSignal = z.infer<typeof CallSignal>;

/**
 * A member's page back in its call: `fresh` when the page has no media connection for it (it was
 * reloaded): the call is sent to it again and the other member starts a new connection with it.
 */
export const RejoinCall = z.object({ callId: CallId, fresh: z.boolean().default(false) });

/** `/calls`: what a client (seeker or volunteer) emits. */
export const CallClientEvents = {
  heartbeat: z.undefined().or(z.object({}).passthrough()),
  requestCall: z.object({ language: CallLanguage, context: SharedContext.nullable().default(null) }),
  cancelCall: z.object({ callId: CallId }),
  setAvailability: AvailabilityChoice,
  acceptCall: z.object({ callId: CallId }),
  declineCall: z.object({ callId: CallId }),
  signal: z.object({ callId: CallId, signal: CallSignal }),
  hangUp: z.object({ callId: CallId }),
  /** A page whose socket dropped mid-call, or that was reloaded, takes its place in the call again. */
  rejoinCall: RejoinCall,
};

/** `/call-operators`: what an operator's page emits. */
export const OperatorClientEvents = {
  heartbeat: z.undefined().or(z.object({}).passthrough()),
  acceptCall: z.object({ callId: CallId }),
  signal: z.object({ callId: CallId, signal: CallSignal }),
  hangUp: z.object({ callId: CallId }),
  rejoinCall: RejoinCall,
};

/** Why a ringing phone stopped: another helper took the call, the seeker cancelled, time ran out. */
export const RingStopReason = z.enum(['taken', 'cancelled', 'expired']);
export type RingStopReason = z.infer<typeof RingStopReason>;
/** Why a call ended: a member hung up, or a member's connection was lost. */
export const CallEndReason = z.enum(['hang_up', 'connection_lost']);
export type CallEndReason = z.infer<typeof CallEndReason>;

export const IncomingCall = z.object({
  callId: CallId,
  seekerName: z.string(),
  language: CallLanguage,
  context: SharedContext.nullable(),
  /** When the seeker asked (ISO): how long they have been waiting. */
  askedAt: z.iso.datetime(),
});
export type IncomingCall = z.infer<typeof IncomingCall>;

export const CallConnected = z.object({
  callId: CallId,
  role: z.enum(['seeker', 'helper']),
  peerName: z.string(),
  iceServers: z.array(IceServer),
  /** Only the seeker's page gets it: its own copy of the context it shared. */
  context: SharedContext.nullable(),
});
export type CallConnected = z.infer<typeof CallConnected>;

/** How often the seeker hears how many volunteers have been notified, while volunteers are rung. */
export const RING_PROGRESS_SECONDS = 15;
/**
 * The seeker, every RING_PROGRESS_SECONDS while volunteers are being rung: how many have been
 * notified so far, on the page or by push (the page says 已通知 12 位志愿者，还在等待).
 */
export const RingProgress = z.object({ callId: CallId, notified: z.number().int().min(0) });
export type RingProgress = z.infer<typeof RingProgress>;

/** `/calls` and `/call-operators`: what the server emits. */
export const CallServerEvents = {
  availability: Availability,
  callRinging: z.object({ callId: CallId, stage: CallStage }),
  incomingCall: IncomingCall,
  ringStopped: z.object({ callId: CallId, reason: RingStopReason }),
  noAnswer: z.object({ callId: CallId }),
  callConnected: CallConnected,
  signal: z.object({ callId: CallId, signal: CallSignal }),
  callEnded: z.object({ callId: CallId, reason: CallEndReason }),
  /**
   * A member came back on a new socket. Not `fresh`: both members hear it (the seeker restarts ICE
   * if the media dropped). `fresh` (a reloaded page): the other member hears it and starts a new
   * media connection; the page that came back is sent `callConnected` again.
   */
  callRejoined: z.object({ callId: CallId, fresh: z.boolean() }),
  /** The other member's page went away without hanging up: the call waits the grace period for it. */
  peerAway: z.object({ callId: CallId }),
  ringProgress: RingProgress,
  queue: z.object({ calls: z.array(IncomingCall) }),
  error: z.object({ message: z.string() }),
};

const Timestamp = z.iso.datetime({ offset: true });

/** One call in a member's history. */
export const CallRecord = z.object({
  id: CallId,
  createdAt: Timestamp,
  status: CallStatus,
  role: z.enum(['seeker', 'helper']),
  peerName: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
});
export type CallRecord = z.infer<typeof CallRecord>;

export const CallHistory = z.object({
  /** Calls this user answered as a volunteer that connected. */
  helpedCount: z.number().int(),
  calls: z.array(CallRecord),
});
export type CallHistory = z.infer<typeof CallHistory>;

export const CALL_REPORT_REASONS = ['inappropriate', 'harassment', 'no_help', 'other'] as const;
export const CallReportReason = z.enum(CALL_REPORT_REASONS);
export type CallReportReason = z.infer<typeof CallReportReason>;

/** After a call: a member rates it, may report the other member and may block them. */
export const CallFeedbackRequest = z.strictObject({
  callId: CallId,
  helpful: z.boolean().nullable().default(null),
  report: z
    .strictObject({ reason: CallReportReason, note: z.string().trim().max(500).default('') })
    .nullable()
    .default(null),
  /** Never ring or be rung with this person again. */
  block: z.boolean().default(false),
});
export type CallFeedbackRequest = z.input<typeof CallFeedbackRequest>;

/**
 * A warning the back office gave this member after a report about one of their calls (the
 * reporter is never named); the personal centre shows them, newest first.
 */
export const CallWarning = z.object({
  callId: CallId,
  callAt: Timestamp,
  warnedAt: Timestamp,
  reason: CallReportReason,
});
export type CallWarning = z.infer<typeof CallWarning>;
export const CallWarnings = z.object({ items: z.array(CallWarning) });
export type CallWarnings = z.infer<typeof CallWarnings>;

/** Web Push: the server's VAPID public key (the browser's applicationServerKey). */
export const PushKey = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof PushKey>;

/** A browser's push subscription (PushSubscription.toJSON()), so a volunteer off the page is rung. */
export const PushSubscribeRequest = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscribeRequest = z.infer<typeof PushSubscribeRequest>;
export const PushUnsubscribeRequest = z.strictObject({ endpoint: z.string().max(2048) });

/**
 * What a ring's push message carries: the service worker shows `title` and `body` (written in the
 * language of the volunteer's app when they subscribed), a tap opens `url`.
 */
export const CallPushPayload = z.object({
  kind: z.literal('incomingCall'),
  callId: CallId,
  seekerName: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
});
export type CallPushPayload = z.infer<typeof CallPushPayload>;

/** The calls' REST calls of the user app (a call itself runs on the /calls socket namespace). */
export const callsEndpoints = defineEndpoints({
  callHistory: { method: 'GET', path: '/api/calls/history', access: 'user', data: CallHistory },
  callFeedback: {
    method: 'POST',
    path: '/api/calls/feedback',
    access: 'user',
    body: CallFeedbackRequest,
    data: z.null(),
  },
  callWarnings: { method: 'GET', path: '/api/calls/warnings', access: 'user', data: CallWarnings },
  callPushKey: { method: 'GET', path: '/api/calls/push/key', access: 'user', data: PushKey },
  callPushSubscribe: {
    method: 'POST',
    path: '/api/calls/push/subscribe',
    access: 'user',
    body: PushSubscribeRequest,
    data: z.null(),
  },
  callPushUnsubscribe: {
    method: 'POST',
    path: '/api/calls/push/unsubscribe',
    access: 'user',
    body: PushUnsubscribeRequest,
    data: z.null(),
  },
});

declare module './endpoints.ts' {
  interface FeatureEndpoints {
    calls: typeof callsEndpoints;
  }
}
