import { describe, expect, it } from 'vitest';
import type { DetectedFace, DetectedThing, Detections } from '../detector/detections.ts';
import { peopleIn } from './people-scan.ts';

const WIDE = 16 / 9;
/** A standing adult's box centred at x, `metres` away (1.7 m tall through the 60° lens on a 16:9 frame). */
function personAt(x: number, metres: number, score = 0.5): DetectedThing {
  const height = (1.7 * (0.5 / Math.tan(Math.PI / 6)) * WIDE) / metres;
  return {
    label: 'person',
    score,
    box: { x: x - height / 8, y: 0.5 - height / 2, width: height / 4, height },
  };
}
/** A face on the head of `body` (its top tenth), turned by `turn`, with a smile score. */
function faceOn(body: DetectedThing, turn: number, smile = 0, score = 0.9): DetectedFace {
  const side = body.box.height / 8;
  const cx = body.box.x + body.box.width / 2;
  return {
    score,
    turn,
    smile,
    box: { x: cx - side / 2, y: body.box.y + side / 4, width: side, height: side * WIDE },
  };
}
const scene = (things: DetectedThing[], faces: DetectedFace[] = []): Detections => ({
  things,
  faces,
  aspect: WIDE,
});

describe('the people in a frame', () => {
  it('are counted and placed left to right, with their rough distance', () => {
    const people = peopleIn(scene([personAt(0.85, 3), personAt(0.15, 5), personAt(0.5, 4)]));
    expect(people.map((p) => [p.clock, p.distance])).toEqual([
      [11, '5'],
      [12, '4'],
      [1, '3'],
    ]);
  });

  it('leave out what the detector is unsure of and what is not a person', () => {
    const people = peopleIn(scene([personAt(0.5, 2, 0.2), { ...personAt(0.3, 2), label: 'chair' }]));
    expect(people).toEqual([]);
  });

  it('face the camera when their face is turned to it, and not when it is turned aside', () => {
    const a = personAt(0.2, 3);
    const b = personAt(0.5, 3);
    const c = personAt(0.8, 3);
    const people = peopleIn(scene([a, b, c], [faceOn(a, 0.05), faceOn(b, 0.45)]));
    expect(people.map((p) => p.facing)).toEqual(['toward', 'aside', null]);
  });

  it('smile only with a large, clear, frontal face and a sure smile', () => {
    const near = personAt(0.5, 1.2);
    const far = personAt(0.5, 8);
    const smiles = [
      faceOn(near, 0, 0.9),
      faceOn(near, 0, 0.5),
      faceOn(near, 0.4, 0.9),
      faceOn(near, 0, 0.9, 0.6),
      faceOn(far, 0, 0.95),
    ].map((face) => peopleIn(scene([face.box.height > 0.1 ? near : far], [face]))[0]!.smiling);
    expect(smiles).toEqual([true, false, false, false, false]);
  });

  it('count a clear face whose body the detector missed, but not a doubtful one', () => {
    const body = personAt(0.3, 1);
    const face = { ...faceOn(body, 0), box: { x: 0.6, y: 0.2, width: 0.2, height: 0.35 } };
    expect(peopleIn(scene([], [face])).map((p) => [p.clock, p.distance, p.facing])).toEqual([
      [12, '1', 'toward'],
    ]);
    expect(peopleIn(scene([], [{ ...face, score: 0.45 }]))).toEqual([]);
  });

  it('judge a person cut off by the frame by their face', () => {
    // head and shoulders, cut off at the frame's foot: a person's height would say 3 m, the face 1 m
    const body: DetectedThing = {
      label: 'person',
      score: 0.6,
      box: { x: 0.3, y: 0.1, width: 0.4, height: 0.9 },
    };
    const face = { score: 0.9, turn: 0, smile: 0, box: { x: 0.4, y: 0.12, width: 0.2, height: 0.35 } };
    expect(peopleIn(scene([body], [face]))[0]!.distance).toBe('1');
  });
});
