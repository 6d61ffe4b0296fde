import { CHANNEL_DETECTOR_NS as DETECTOR } from '../../../../i18n/channel-detector/index.ts';
import { CHANNEL_PEOPLE_NS as NS } from '../../../../i18n/channel-people/index.ts';
import type { CueWords } from '../live-channel.ts';
import type { PeopleReport } from './people-report.ts';
import type { PersonSeen } from './people-scan.ts';

type Translate = (key: string, params?: Record<string, string>) => string;

/** Counts said in words up to this many (两个人, not 2个人); beyond, the number. */
const COUNTED_IN_WORDS = 10;

/** One person's direction, distance and, where seen, their face: never who they are. */
function personParams(p: PersonSeen, t: Translate): Record<string, string> {
  const facing = p.facing ? t(`${NS}:facing.${p.facing}`) : '';
  return {
    clock: t(`${DETECTOR}:clock.${p.clock}`),
    distance: t(`${DETECTOR}:distance.${p.distance}`),
    details: facing + (p.smiling ? t(`${NS}:smiling`) : ''),
  };
}

/**
 * "一个人，在十二点钟方向，大约两米，面向你", "两个人：一个在十一点钟方向，大约两米；一个在一点钟
 * 方向，大约四米", "七个人，最近的：…", "附近没有看到人".
 */
export function peopleWords(report: PeopleReport, t: Translate): CueWords {
  const { count, described } = report;
  if (!count) return { key: `${NS}:none` };
  if (count === 1 && described[0]) return { key: `${NS}:one`, params: personParams(described[0], t) };
  const counted =
    count <= COUNTED_IN_WORDS ? t(`${NS}:count.${count}`) : t(`${NS}:countMany`, { count: String(count) });
  const people = described.map((p) => t(`${NS}:each`, personParams(p, t))).join(t(`${NS}:join`));
  return { key: `${NS}:${report.nearestOnly ? 'crowd' : 'few'}`, params: { count: counted, people } };
}
