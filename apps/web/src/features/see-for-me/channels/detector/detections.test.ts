import { describe, expect, it } from 'vitest';
import { detectionsFromHuman, faceTurn } from './detections.ts';

/** BlazeFace's six landmarks (eyes, nose, mouth, ears) with the nose at `noseX`. */
const landmarks = (noseX: number) => [
  [0.4, 0.4, 0],
  [0.6, 0.4, 0],
  [noseX, 0.5, 0],
  [0.5, 0.6, 0],
  [0.3, 0.45, 0],
  [0.7, 0.45, 0],
];

describe("Human's result as detections", () => {
  it('keeps each thing with its box inside the frame, strongest first, and drops a box with no extent', () => {
    const d = detectionsFromHuman(
      {
        object: [
          { label: 'cup', score: 0.3, boxRaw: [0.9, -0.1, 0.2, 0.3] },
          { label: 'person', score: 0.6, boxRaw: [0.1, 0.2, 0.3, 0.5] },
          { label: 'chair', score: 0.5, boxRaw: [NaN, 0.2, 0.3, 0.5] },
          { label: 'bottle', score: 0.5, boxRaw: [0.2, 0.2, 0, 0.5] },
        ],
      },
      16 / 9,
    );
    expect(d.things.map((t) => t.label)).toEqual(['person', 'cup']);
    expect(d.things[1]!.box.x).toBeCloseTo(0.9);
    expect(d.things[1]!.box.y).toBe(0);
    expect(d.things[1]!.box.width).toBeCloseTo(0.1);
    expect(d.things[1]!.box.height).toBeCloseTo(0.2);
    expect(d.faces).toEqual([]);
    expect(d.aspect).toBeCloseTo(16 / 9);
  });

  it('reads how far a face is turned from its landmarks, and its smile score', () => {
    const d = detectionsFromHuman(
      {
        face: [
          {
            score: 0.9,
            boxRaw: [0.3, 0.2, 0.2, 0.3],
            meshRaw: landmarks(0.5),
            emotion: [
              { score: 0.8, emotion: 'happy' },
              { score: 0.1, emotion: 'neutral' },
            ],
          },
          {
            score: 0.5,
            boxRaw: [0.6, 0.2, 0.1, 0.1],
            meshRaw: landmarks(0.58),
            emotion: [{ score: 0.9, emotion: 'sad' }],
          },
        ],
      },
      1,
    );
    expect(d.faces.map((f) => [f.turn, f.smile])).toEqual([
      [0, 0.8],
      [expect.closeTo(0.4, 5), 0],
    ]);
  });

  it('has no turn without landmarks', () => {
    expect(faceTurn(undefined)).toBeNull();
    expect(faceTurn([[0.5, 0.5]])).toBeNull();
    expect(
      faceTurn([
        [0.5, 0.4],
        [0.5, 0.4],
        [0.5, 0.5],
      ]),
    ).toBeNull();
  });
});
