import { CHANNEL_DETECTOR_NS as DETECTOR } from '../../../../i18n/channel-detector/index.ts';
import { CHANNEL_PEOPLE_NS as NS } from '../../../../i18n/channel-people/index.ts';
import type { Detector } from '../detector/detector-client.ts';
import { SlowDeviceWatch } from '../detector/slow-device.ts';
import { TurnedViews } from '../detector/turned-views.ts';
import type { ChannelCue, CueWords, LiveChannel, LiveFrame } from '../live-channel.ts';
import { PeopleWatch } from './people-report.ts';
import { peopleIn } from './people-scan.ts';
import { peopleWords } from './people-words.ts';

/** CenterNet looks at 512×512 and BlazeFace at 256×256: a larger frame only costs the copy. */
const FRAME_SIDE = 512;
/** Above this median time per frame, people have moved on before they are said: the user is told once. */
const SLOW_LOOK_MS = 2_000;

/** "有几个人", "周围有人吗", "有人看我吗", "who is there": answered as a tap is. */
const ABOUT_PEOPLE = /人|谁|people|person|anyone|anybody|someone|somebody|who/i;
/** "他是谁", "who is that": answered, and told that nobody is identified. */
const ASKS_WHO = /谁|who/i;

type Translate = (key: string, params?: Record<string, string>) => string;

export interface PeopleChannelDeps {
  /** Human's object, face and emotion models, loaded. */
  detector: Detector;
  t: Translate;
  now?: () => number;
}

/**
 * 周围的人: how many people are in view, where (clock direction), roughly how far, whether their
 * face is turned to the camera and, for a clear face, a smile; said when that changes, all of it on
 * a tap. Nobody is identified (no face description model is even loaded) and nothing is kept
 * beyond the last frame's report.
 */
export function peopleChannel({
  detector,
  t,
  now = () => performance.now(),
}: PeopleChannelDeps): LiveChannel {
  const watch = new PeopleWatch();
  const slow = new SlowDeviceWatch(SLOW_LOOK_MS);
  const views = new TurnedViews(detector);

  /** One frame into the watch (nobody the way it comes: the phone may be on its side); the slow-device notice when it is due. */
  const observe = async (frame: LiveFrame, signal: AbortSignal) => {
    const began = now();
    const { detections, looks } = await views.look(frame.pixels, signal, (d) => peopleIn(d).length > 0);
    // the device is judged by one look: an empty view is looked at every way up
    const slowCue: ChannelCue[] = slow.record((now() - began) / looks)
      ? [{ say: { key: `${DETECTOR}:slowDevice` } }]
      : [];
    return { changed: watch.next(peopleIn(detections), frame.grabbedAt), slowCue };
  };

  /** A tap or a question: the whole report of this frame, said whatever was said before. */
  const tellAll = async (frame: LiveFrame, signal: AbortSignal): Promise<CueWords> => {
    await observe(frame, signal);
    return peopleWords(watch.tell(frame.grabbedAt), t);
  };

  return {
    frameSide: FRAME_SIDE,
    // a change is said once a second frame agrees: a still view must be looked at again to agree
    skipUnchanged: false,
    async look(frame, signal) {
      const { changed, slowCue } = await observe(frame, signal);
      return changed ? [...slowCue, { say: peopleWords(changed, t), interrupt: true }] : slowCue;
    },
    async tap(frame, signal) {
      return [{ say: await tellAll(frame, signal), interrupt: true }];
    },
    async ask(question, frame, signal) {
      if (!ABOUT_PEOPLE.test(question)) return null;
      const words = await tellAll(frame, signal);
      if (!ASKS_WHO.test(question)) return [{ say: words, interrupt: true }];
      const report = 'key' in words ? t(words.key, words.params) : words.text;
      return [{ say: { key: `${NS}:noIdentity`, params: { report } }, interrupt: true }];
    },
    dispose() {
      detector.dispose();
    },
  };
}
