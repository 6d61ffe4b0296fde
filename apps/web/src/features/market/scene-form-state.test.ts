import { describe, expect, it } from 'vitest';
import { contentOf, emptySceneForm, firstError, serverField, validateSceneForm } from './scene-form-state.ts';

describe('the scene form', () => {
  it('finds the same faults as the server, each beside its field, in the page’s order', () => {
    const form = {
      ...emptySceneForm(),
      name: ' ',
      prompt: '问'.repeat(501),
      behaviour: 'auto' as const,
      interval: '3',
    };
    const errors = validateSceneForm(form, true);
    expect(errors).toEqual({
      name: '请填写场景名称',
      prompt: '问题不能超过 500 个字',
      interval: '自动拍摄的间隔须为 5 到 600 秒之间的整数',
    });
    expect(firstError(errors)).toBe('name');
  });

  it('sends the interval only for automatic scenes', () => {
    const form = { ...emptySceneForm(), name: '公交', prompt: '几路车', interval: '8' };
    expect(contentOf(form, false).intervalSeconds).toBeNull();
    expect(contentOf({ ...form, behaviour: 'auto' }, true)).toMatchObject({
      intervalSeconds: 8,
      submit: true,
    });
    expect(validateSceneForm({ ...form, behaviour: 'auto', interval: '' }, false).interval).toBe(
      '自动拍摄的间隔须为 5 到 600 秒之间的整数',
    );
    expect(validateSceneForm(form, false)).toEqual({});
  });

  it('maps a server refusal’s field to the form’s', () => {
    expect(serverField('scene.intervalSeconds')).toBe('interval');
    expect(serverField('scene.name')).toBe('name');
    expect(serverField('id')).toBeNull();
  });
});
