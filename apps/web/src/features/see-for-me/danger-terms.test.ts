import { describe, expect, it } from 'vitest';
import { mentionsTraffic } from './danger-terms.ts';

describe('danger terms', () => {
  it('finds road and traffic words in Chinese and English', () => {
    for (const text of [
      '前方是马路',
      '左侧有一辆电动车',
      '红绿灯是红色',
      'A car is parked',
      'two Bicycles',
      'zebra  crossing ahead',
      'an e-bike',
      'traffic lights',
    ]) {
      expect(mentionsTraffic(text), text).toBe(true);
    }
  });
  it('leaves calm scenes (and words that merely contain "car") alone', () => {
    for (const text of [
      '一张桌子和两把椅子',
      'a red scarf on a card table',
      'a carpet',
      'a quiet corridor',
    ]) {
      expect(mentionsTraffic(text), text).toBe(false);
    }
  });
});
