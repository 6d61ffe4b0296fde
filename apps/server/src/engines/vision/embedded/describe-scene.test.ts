import { describe, expect, it } from 'vitest';
import { describeForMobility, describeOverview, describeText } from './describe-scene.ts';
import type { TextRow } from '@sfm/ocr';
import type { DetectedObject } from './object-detector.ts';
import { phrases } from './phrases.ts';
import { distanceOf, placeOf } from './scene-layout.ts';
import { mentionable } from './sightings.ts';

const obj = (
  label: string,
  score: number,
  x: number,
  y: number,
  width: number,
  height: number,
): DetectedObject => ({
  label,
  score,
  box: { x, y, width, height },
});
const row = (text: string, height = 20, score = 0.95): TextRow => ({ text, height, score });

/** Words that claim movement, which one still photo cannot show. */
const MOTION = /经过|驶过|驶来|行驶|开过|来往|往来|过往|车流|正在|移动|走来|走过|靠近你|朝你/;

/** The spec's danger-scene terms, Chinese side. */
const DANGER = /道路|车道|路口|斑马线|车辆|汽车|电动车|自行车|摩托车|红绿灯|车流/;

describe('place words', () => {
  it('uses the horizontal third of the box centre', () => {
    expect(placeOf({ x: 0.05, y: 0, width: 0.1, height: 0.1 })).toBe('left');
    expect(placeOf({ x: 0.4, y: 0, width: 0.2, height: 0.1 })).toBe('centre');
    expect(placeOf({ x: 0.8, y: 0, width: 0.1, height: 0.1 })).toBe('right');
  });
  it('calls large or bottom-touching boxes near, tiny ones far', () => {
    expect(distanceOf({ x: 0.3, y: 0.3, width: 0.5, height: 0.5 })).toBe('near');
    expect(distanceOf({ x: 0.3, y: 0.75, width: 0.2, height: 0.2 })).toBe('near');
    expect(distanceOf({ x: 0.3, y: 0.3, width: 0.05, height: 0.05 })).toBe('far');
    expect(distanceOf({ x: 0.3, y: 0.3, width: 0.2, height: 0.2 })).toBe('middle');
  });
});

describe('describeOverview', () => {
  it('counts objects per place and hedges unsure ones', () => {
    const text = describeOverview(
      [
        obj('person', 0.6, 0.05, 0.4, 0.1, 0.3),
        obj('person', 0.55, 0.15, 0.4, 0.1, 0.3),
        obj('person', 0.4, 0.8, 0.4, 0.1, 0.3),
        obj('chair', 0.38, 0.45, 0.5, 0.1, 0.2),
      ],
      [],
    );
    expect(text).toContain('左边有两个人');
    expect(text).toContain('右边可能有一个人');
    expect(text).toContain('正前方可能有一把椅子');
    expect(text).not.toMatch(DANGER);
  });

  it('never names objects below the threshold', () => {
    const text = describeOverview([obj('dog', 0.25, 0.4, 0.4, 0.2, 0.2)], []);
    expect(text).not.toContain('狗');
    expect(text).toBe(phrases.nothingDetected);
    expect(text).toContain('我不确定');
  });

  it('adds road context only when a vehicle or traffic light was detected', () => {
    const withCar = describeOverview([obj('car', 0.6, 0.4, 0.5, 0.3, 0.3)], []);
    expect(withCar).toMatch(DANGER);
    // a parked car and a passing one look the same in one photo: say only that it is there
    expect(withCar).toContain('附近有车辆');
    expect(withCar).not.toMatch(MOTION);
    expect(describeOverview([obj('traffic light', 0.5, 0.5, 0.1, 0.02, 0.05)], [])).toMatch(DANGER);
    expect(describeOverview([obj('person', 0.6, 0.4, 0.5, 0.2, 0.3)], [])).not.toMatch(DANGER);
  });

  it('leads with the text when the photo has text and no objects', () => {
    const text = describeOverview(
      [obj('dog', 0.25, 0.4, 0.4, 0.2, 0.2)],
      [row('出口 EXIT', 40), row('小心台阶')],
    );
    expect(text).toBe('看到的文字：出口 EXIT，小心台阶。');
  });

  it('reads the most prominent confident text rows in reading order', () => {
    const text = describeOverview(
      [],
      [
        row('小字一', 10),
        row('大标题', 60),
        row('模糊', 80, 0.5),
        row('副标题', 40),
        row('中字', 30),
        row('小字二', 10),
      ],
    );
    expect(text).toContain('看到的文字：大标题，副标题，中字等。');
    expect(text).not.toContain('模糊');
  });
});

describe('describeForMobility', () => {
  it('leads with the nearest hazard and a caution', () => {
    const text = describeForMobility([
      obj('person', 0.6, 0.05, 0.4, 0.1, 0.3),
      obj('person', 0.6, 0.15, 0.4, 0.1, 0.3),
      obj('car', 0.7, 0.35, 0.4, 0.3, 0.55),
    ]);
    expect(text.startsWith('注意：正前方近处有一辆汽车。左边有两个人。')).toBe(true);
    expect(text).toMatch(DANGER);
  });
  it('says the way looks clear, hedged, when nothing was detected', () => {
    expect(describeForMobility([])).toBe('前方没有识别到明显的障碍物，但请继续小心。');
  });
});

describe('the phrases say only what one photo can show', () => {
  /** Every phrase the engine speaks (question words and synonyms are what users say). */
  const spoken = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : Array.isArray(value)
        ? value.flatMap(spoken)
        : Object.values(value as object).flatMap(spoken);
  const { questionWords: _asked, classSynonyms: _named, ...engineSays } = phrases;

  it('claims no motion, traffic flow or anything outside the frame', () => {
    const claims = spoken(engineSays).filter((p) => MOTION.test(p));
    expect(claims).toEqual([]);
  });
});

describe('describeText', () => {
  it('reads rows in order, or says there is no text', () => {
    expect(describeText([row('第一行'), row('第二行')])).toBe('第一行\n第二行');
    expect(describeText([])).toBe('没有识别到文字。');
  });
});

describe('what the detector may say on the photos blind users take', () => {
  it('three weak "traffic lights" on a shiny package close up: no traffic word at all', () => {
    const package_ = [
      obj('traffic light', 0.34, 0.2, 0.3, 0.12, 0.25),
      obj('traffic light', 0.31, 0.45, 0.3, 0.12, 0.25),
      obj('traffic light', 0.3, 0.65, 0.3, 0.12, 0.25),
    ];
    expect(mentionable(package_)).toEqual([]);
    const said = describeForMobility(package_);
    expect(said).not.toMatch(/红绿灯|路口|道路|车/);
  });

  it('one weak car alone is not a road; a confident car, or a weak car beside a traffic light, is', () => {
    expect(mentionable([obj('car', 0.36, 0.3, 0.5, 0.2, 0.15)])).toEqual([]);
    expect(mentionable([obj('car', 0.62, 0.3, 0.5, 0.2, 0.15)])).toHaveLength(1);
    const agreeing = [
      obj('car', 0.36, 0.3, 0.5, 0.2, 0.15),
      obj('traffic light', 0.33, 0.7, 0.1, 0.02, 0.05),
    ];
    expect(mentionable(agreeing)).toHaveLength(2);
    expect(describeOverview(agreeing, [])).toMatch(/车辆|道路/);
  });

  it('small distant traffic lights that agree are kept (a real crossing far ahead)', () => {
    const lights = [
      obj('traffic light', 0.33, 0.6, 0.2, 0.02, 0.05),
      obj('traffic light', 0.31, 0.8, 0.2, 0.02, 0.05),
    ];
    expect(mentionable(lights)).toHaveLength(2);
  });

  it('a screen is not a refrigerator, nor a card in the hand a person, unless the detector is sure', () => {
    expect(mentionable([obj('refrigerator', 0.48, 0.1, 0.1, 0.5, 0.6)])).toEqual([]);
    expect(mentionable([obj('person', 0.42, 0.05, 0.05, 0.85, 0.9)])).toEqual([]);
    expect(mentionable([obj('person', 0.42, 0.4, 0.3, 0.15, 0.4)])).toHaveLength(1);
    expect(mentionable([obj('traffic light', 0.9, 0.1, 0.1, 0.5, 0.5)])).toEqual([]);
  });
});

describe('a hand holding something up', () => {
  const fist = { x: 0.45, y: 0.43, width: 0.2, height: 0.23 };
  const arm = obj('person', 0.59, 0.08, 0.41, 0.72, 0.59);

  it('says what the hand holds, then what is written on it, and never calls the arm a person', () => {
    const said = describeOverview([arm, obj('bottle', 0.7, 0.48, 0.2, 0.12, 0.3)], [row('矿泉水')], fist);
    expect(said).toBe('你手里拿着一个瓶子。上面写着：矿泉水。');
    expect(said).not.toContain('人');
  });

  it('does not name what it is unsure the hand holds, anywhere in the answer', () => {
    // a white card held up came out as "a remote" at 0.51
    const remote = obj('remote', 0.51, 0.29, 0.31, 0.52, 0.19);
    expect(describeOverview([remote], [row('维生素C咀嚼片')], fist)).toBe(
      '你手里的东西上写着：维生素C咀嚼片。',
    );
    expect(describeOverview([remote], [], fist)).toBe(phrases.held.unknown);
  });

  it('reads the print on an unrecognised thing in the hand', () => {
    expect(describeOverview([arm], [row('布洛芬缓释胶囊')], fist)).toBe(
      '你手里的东西上写着：布洛芬缓释胶囊。',
    );
  });

  it('says it cannot tell what the hand holds, and what helps, rather than guessing', () => {
    expect(describeOverview([arm], [], fist)).toBe(phrases.held.unknown);
  });
});
