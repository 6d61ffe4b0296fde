import { describe, expect, it } from 'vitest';
import type { ClockHour, DistanceWord } from '../detector/placement.ts';
import { PeopleWatch, reportOf } from './people-report.ts';
import type { PersonSeen } from './people-scan.ts';

const person = (clock: ClockHour, metres: number, facing: PersonSeen['facing'] = null): PersonSeen => ({
  bearing: clock === 12 ? 0 : clock > 6 ? (clock - 12) * 20 : clock * 20,
  clock,
  metres,
  distance: String(Math.round(metres)) as DistanceWord,
  facing,
  smiling: false,
});

describe('what is said of the people in view', () => {
  it('describes up to three, and in a crowd the two nearest', () => {
    expect(reportOf([person(11, 2), person(1, 4)]).described).toHaveLength(2);
    const crowd = reportOf([person(11, 5), person(12, 2), person(1, 3), person(1, 4), person(11, 3)]);
    expect(crowd.count).toBe(5);
    expect(crowd.nearestOnly).toBe(true);
    expect(crowd.described.map((p) => p.metres)).toEqual([2, 3].sort((a, b) => a - b));
  });

  it('is said at once, then only when a change holds for two frames', () => {
    const watch = new PeopleWatch();
    expect(watch.next([person(12, 2)], 0)?.count).toBe(1);
    expect(watch.next([person(12, 2)], 1_000)).toBeNull();
    // a second person for one frame only: a ghost, not news
    expect(watch.next([person(12, 2), person(1, 4)], 4_000)).toBeNull();
    expect(watch.next([person(12, 2)], 5_000)).toBeNull();
    // a second person who stays
    expect(watch.next([person(12, 2), person(1, 4)], 6_000)).toBeNull();
    expect(watch.next([person(12, 2), person(1, 4)], 7_000)?.count).toBe(2);
    // someone turns to face the camera
    expect(watch.next([person(12, 2, 'toward'), person(1, 4)], 10_000)).toBeNull();
    expect(watch.next([person(12, 2, 'toward'), person(1, 4)], 11_000)?.described[0]!.facing).toBe('toward');
  });

  it('says at once that someone came into a view that had nobody', () => {
    const watch = new PeopleWatch();
    expect(watch.next([], 0)?.count).toBe(0);
    expect(watch.next([person(12, 2)], 500)?.count).toBe(1);
  });

  it('waits a moment between reports', () => {
    const watch = new PeopleWatch();
    watch.next([person(12, 2)], 0);
    watch.next([person(12, 2), person(1, 3)], 500);
    expect(watch.next([person(12, 2), person(1, 3)], 1_000)).toBeNull();
    expect(watch.next([person(12, 2), person(1, 3)], 2_600)?.count).toBe(2);
  });

  it('tells everything on a tap, whatever was said before', () => {
    const watch = new PeopleWatch();
    watch.next([person(12, 2)], 0);
    expect(watch.tell(100).count).toBe(1);
  });
});
