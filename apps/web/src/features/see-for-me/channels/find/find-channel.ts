import { CHANNEL_DETECTOR_NS as DETECTOR } from '../../../../i18n/channel-detector/index.ts';
import { CHANNEL_FIND_NS as NS } from '../../../../i18n/channel-find/index.ts';
import type { Detector } from '../detector/detector-client.ts';
import { SlowDeviceWatch } from '../detector/slow-device.ts';
import { TurnedViews } from '../detector/turned-views.ts';
import type {
  ChannelChoice,
  ChannelCue,
  CueWords,
  LiveChannel,
  LiveFrame,
  ToneCue,
} from '../live-channel.ts';
import { BeepPacer } from './beep-pace.ts';
import { FindGuide, type FindSpeech } from './find-guide.ts';
import { findRequest } from './find-request.ts';
import { FIND_TARGETS, findTarget, sightingOf, type FindTarget, type UnfindableId } from './find-targets.ts';

/** CenterNet looks at 512×512: a larger frame only costs the copy to the worker. */
const FRAME_SIDE = 512;
/**
 * Above this median time per frame the beeps trail the phone's movement by a second or more: the
 * user is told once that this device is slow, and that a question goes to the server instead.
 */
const SLOW_LOOK_MS = 1_000;
/** The short pulse as the thing comes to the centre. */
const CENTRED_VIBRATION = [60];

type Translate = (key: string, params?: Record<string, string>) => string;

export interface FindChannelDeps {
  /** Human's object detector, loaded. */
  detector: Detector;
  /** Plays one beep (the channel paces them between frames). */
  beep: (tone: ToneCue) => void;
  t: Translate;
  now?: () => number;
}

/**
 * 寻物: the user picks (or asks for) one thing; while it is in view, beeps pace its position and
 * size, its clock direction and distance are said when first seen and when they change, and a
 * pulse marks it centred; "还没找到…" is said once when it stays out of view.
 */
export function findChannel({
  detector,
  beep,
  t,
  now = () => performance.now(),
}: FindChannelDeps): LiveChannel {
  let guide = new FindGuide(FIND_TARGETS[0]!, now());
  const pacer = new BeepPacer(beep);
  const slow = new SlowDeviceWatch(SLOW_LOOK_MS);
  const views = new TurnedViews(detector);
  let introduced = false;

  const thing = (target: FindTarget = guide.target) => t(`${NS}:things.${target.id}`);
  const words = (speech: FindSpeech): CueWords =>
    speech.kind === 'at'
      ? {
          key: `${NS}:at`,
          params: {
            thing: thing(),
            clock: t(`${DETECTOR}:clock.${speech.where.clock}`),
            distance: t(`${DETECTOR}:distance.${speech.where.distance}`),
          },
        }
      : { key: `${NS}:notFound`, params: { thing: thing() } };

  const picker = (): ChannelChoice => ({
    kind: 'choice',
    id: 'target',
    label: { key: `${NS}:choose` },
    options: FIND_TARGETS.map((target) => ({
      value: target.id,
      label: { key: `${NS}:things.${target.id}` },
    })),
    value: guide.target.id,
    choose: (value) => Promise.resolve(start(value)),
  });

  /** A new search: the picker shows it, and it is said. */
  const start = (id: string): ChannelCue[] => {
    const target = findTarget(id);
    if (!target) return [];
    guide = new FindGuide(target, now());
    pacer.stop();
    return [
      { controls: [picker()], say: { key: `${NS}:started`, params: { thing: thing() } }, interrupt: true },
    ];
  };

  const unfindable = (id: UnfindableId): ChannelCue[] => {
    const things = FIND_TARGETS.map((target) => thing(target)).join(t(`${NS}:listJoin`));
    return [{ say: { key: `${NS}:unfindable.${id}`, params: { things } }, interrupt: true }];
  };

  /** One frame through the detector and the guide: the beeps follow; the cues of what changed. */
  const step = async (frame: LiveFrame, signal: AbortSignal): Promise<ChannelCue[]> => {
    const began = now();
    // not in view the way the frame comes: the phone may be held on its side
    const { detections, looks } = await views.look(
      frame.pixels,
      signal,
      (d) => sightingOf(guide.target, d.things) !== null,
    );
    const cues: ChannelCue[] = [];
    // the device is judged by one look: a frame without the thing is looked at every way up
    if (slow.record((now() - began) / looks)) cues.push({ say: { key: `${DETECTOR}:slowDevice` } });
    const found = guide.next(detections, frame.grabbedAt);
    if (found.pace !== undefined) pacer.set(found.pace);
    if (found.centred) cues.push({ vibrate: CENTRED_VIBRATION });
    if (found.speech) cues.push({ say: words(found.speech), interrupt: true });
    return cues;
  };

  return {
    frameSide: FRAME_SIDE,
    // a thing found is beeped at between frames and "not found yet" needs time to pass: every frame counts
    skipUnchanged: false,
    async look(frame, signal) {
      const cues = await step(frame, signal);
      if (introduced) return cues;
      introduced = true;
      // the picker, and the status saying what is looked for, as the search begins
      return [
        { controls: [picker()], show: { key: `${NS}:searching`, params: { thing: thing() } } },
        ...cues,
      ];
    },
    async tap(frame, signal) {
      const cues = (await step(frame, signal)).filter((cue) => !cue.say);
      return [...cues, { say: words(guide.tell(frame.grabbedAt)), interrupt: true }];
    },
    ask(question) {
      const request = findRequest(question);
      if (!request) return Promise.resolve(null);
      return Promise.resolve(request.kind === 'target' ? start(request.id) : unfindable(request.id));
    },
    dispose() {
      pacer.stop();
      detector.dispose();
    },
  };
}
