import type { PersonSeen } from './people-scan.ts';

/** What is said of the people in view: how many, and the few described (left to right). */
export interface PeopleReport {
  count: number;
  described: PersonSeen[];
  /** More are in view than described: the described are the nearest. */
  nearestOnly: boolean;
}

/** Up to this many people, each is described; in a crowd, the NEAREST ones. */
const DESCRIBE_ALL_UP_TO = 3;
const NEAREST = 2;
/** A change is said when two frames in a row agree on it (one frame's miss or ghost is not news). */
const STABLE_FRAMES = 2;
/** And no sooner than this after the last report (people walking past are not a running commentary). */
const MIN_GAP_MS = 2_500;

export function reportOf(people: readonly PersonSeen[]): PeopleReport {
  if (people.length <= DESCRIBE_ALL_UP_TO)
    return { count: people.length, described: [...people], nearestOnly: false };
  const nearest = [...people].sort((a, b) => a.metres - b.metres).slice(0, NEAREST);
  return {
    count: people.length,
    described: nearest.sort((a, b) => a.bearing - b.bearing),
    nearestOnly: true,
  };
}

/** Two reports that would be said alike: the same count, and each described person in the same words. */
const signature = (r: PeopleReport) =>
  [r.count, ...r.described.map((p) => `${p.clock}/${p.distance}/${p.facing}/${p.smiling}`)].join('|');

/**
 * Frame by frame, the report to say: the first one at once, and someone coming into a view that
 * had nobody at once too (the news that matters most; at the detector's bars a ghost person is
 * rare: none in eleven photos of text); any other change (the count, or a described person's
 * direction, distance, facing or smile) once two frames agree on it, at most one every MIN_GAP_MS.
 */
export class PeopleWatch {
  private said: string | null = null;
  private saidCount = 0;
  private saidAt = -Infinity;
  private candidate: string | null = null;
  private agreeing = 0;
  private latest: PeopleReport = { count: 0, described: [], nearestOnly: false };

  next(people: readonly PersonSeen[], now: number): PeopleReport | null {
    this.latest = reportOf(people);
    const print = signature(this.latest);
    this.agreeing = print === this.candidate ? this.agreeing + 1 : 1;
    this.candidate = print;
    if (print === this.said) return null;
    const news = this.said === null || (this.saidCount === 0 && this.latest.count > 0);
    if (!news && (this.agreeing < STABLE_FRAMES || now - this.saidAt < MIN_GAP_MS)) return null;
    return this.say(print, now);
  }

  /** A tap or a question: the latest report, said now whatever was said before. */
  tell(now: number): PeopleReport {
    return this.say(signature(this.latest), now);
  }

  private say(print: string, now: number): PeopleReport {
    this.said = print;
    this.saidCount = this.latest.count;
    this.saidAt = now;
    return this.latest;
  }
}
