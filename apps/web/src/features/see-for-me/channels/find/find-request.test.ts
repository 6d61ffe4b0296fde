import { describe, expect, it } from 'vitest';
import { findRequest } from './find-request.ts';

describe('what a question in 寻物 asks for', () => {
  it.each([
    ['找杯子', 'cup'],
    ['帮我找一下手机', 'phone'],
    ['椅子在哪', 'chair'],
    ['我的书包呢', 'backpack'],
    ['找书', 'book'],
    ['电脑在哪里', 'laptop'],
    ['有人吗', 'person'],
    ['find my mug', 'cup'],
    ['Where is the cell phone?', 'phone'],
    ['find the bottles', 'bottle'],
  ])('%s → %s', (question, id) => {
    expect(findRequest(question)).toEqual({ kind: 'target', id });
  });

  it('names the things the detector cannot see', () => {
    expect(findRequest('找钥匙')).toEqual({ kind: 'unfindable', id: 'keys' });
    expect(findRequest('门在哪')).toEqual({ kind: 'unfindable', id: 'door' });
    expect(findRequest('where are my keys')).toEqual({ kind: 'unfindable', id: 'keys' });
  });

  it('leaves any other question to the engine', () => {
    expect(findRequest('这是什么')).toBeNull();
    expect(findRequest('what is in the cupboard')).toBeNull();
  });
});
