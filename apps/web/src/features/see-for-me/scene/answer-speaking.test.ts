import type { AnalyzeRequest } from '@sfm/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisAnswer } from '../analysis-client.ts';
import { FakeSpeech, fakeDeps, flush } from '../../../../test/fakes/scene.ts';
import { SceneController } from './scene-controller.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('scene controller: saying the answer', () => {
  it('brief: the first sentences are said, the rest shown and read on 继续读; reading is read whole', async () => {
    const answer =
      '注意：前方有“小心地滑”的警示牌。画面中有文字：“出口 EXIT”。左边有一张桌子，桌上有一个杯子和一本书。';
    const analyze = vi.fn((_request: AnalyzeRequest) => Promise.resolve({ description: answer }));
    const f = fakeDeps({ verbosity: () => 'brief', analyze });
    const scene = new SceneController(f.deps, 'observe');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(analyze.mock.calls[0]?.[0]).toMatchObject({ verbosity: 'brief' });
    expect(f.speech.spoken.at(-1)).toBe('注意：前方有“小心地滑”的警示牌。画面中有文字：“出口 EXIT”。');
    expect(scene.getState()).toMatchObject({
      lastResult: { text: answer },
      unread: '左边有一张桌子，桌上有一个杯子和一本书。',
    });
    scene.readOn();
    scene.readOn();
    expect(f.speech.spoken.filter((t) => t.startsWith('左边'))).toEqual([
      '左边有一张桌子，桌上有一个杯子和一本书。',
    ]);
    expect(scene.getState().unread).toBe('');
    scene.setMode('reading');
    scene.tap();
    await flush();
    expect(f.speech.spoken.at(-1)).toBe(answer);
    expect(scene.getState().unread).toBe('');
  });

  it('an unusable photo: the retake advice is said once while the cause holds, again when it changes', async () => {
    const blurred = { description: '照片有些模糊', unusablePhoto: 'blurred' as const };
    const answers: AnalysisAnswer[] = [
      blurred,
      blurred,
      { description: '太暗了', unusablePhoto: 'dark' },
      { description: '前方有一扇门' },
    ];
    const f = fakeDeps({ analyze: vi.fn(() => Promise.resolve(answers.shift() ?? blurred)) });
    const scene = new SceneController(f.deps, 'realtime');
    scene.setCameraReady(true);
    await flush();
    expect(scene.getState()).toMatchObject({ retake: 'blurred', lastResult: { text: '照片有些模糊' } });
    for (let i = 0; i < 3; i++) await vi.advanceTimersByTimeAsync(10_000);
    expect(f.speech.spoken).toEqual(['照片有些模糊', '太暗了', '前方有一扇门']);
    expect(scene.getState().retake).toBeNull();
    scene.dispose();
  });

  it('a tap always answers, even with the same advice; 仍然描述 asks for the photo to be described anyway', async () => {
    const analyze = vi.fn((request: AnalyzeRequest) =>
      Promise.resolve<AnalysisAnswer>(
        request.allowUnclearPhoto
          ? { description: '模糊的画面中可能有一个杯子' }
          : { description: '照片有些模糊', unusablePhoto: 'blurred' },
      ),
    );
    const f = fakeDeps({ analyze });
    const scene = new SceneController(f.deps, 'observe');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    scene.tap();
    await flush();
    expect(f.speech.spoken.filter((t) => t === '照片有些模糊')).toHaveLength(2);
    scene.describeAnyway();
    await flush();
    expect(analyze.mock.calls[2]?.[0]).toMatchObject({ scenario: 'observe', allowUnclearPhoto: true });
    expect(f.speech.spoken.at(-1)).toBe('模糊的画面中可能有一个杯子');
    expect(scene.getState().retake).toBeNull();
  });

  it('a mode change while an answer is read: nothing more is said of it, and no timer is left', async () => {
    const speech = new FakeSpeech(false);
    const f = fakeDeps({}, speech);
    const scene = new SceneController(f.deps, 'observe');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(scene.getState().phase).toBe('speaking');
    scene.setMode('reading');
    await flush();
    expect(speech.cancel).toHaveBeenCalled();
    expect(f.playSound.mock.calls.map((c) => c[0])).toEqual(['shutter']);
    expect(scene.getState()).toMatchObject({ phase: 'idle', lastResult: null });
    expect(vi.getTimerCount()).toBe(0);
  });
});
