import type { AnalyzeRequest } from '@sfm/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnalysisError, type AnalysisAnswer } from '../analysis-client.ts';
import { fakeDeps, flush } from '../../../../test/fakes/scene.ts';
import { ANALYSIS_DEADLINE_MS } from './analysis-run.ts';
import { SceneController } from './scene-controller.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('scene controller: one analysis run', () => {
  it('analysis errors are spoken and shown as analysis failed; aborts are silent', async () => {
    const f = fakeDeps({ analyze: vi.fn(() => Promise.reject(new Error('boom'))) });
    const scene = new SceneController(f.deps, 'observe');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(f.speech.spoken.at(-1)).toBe('seeForMe.errors.analysisFailed');
    expect(scene.getState().statusMessage).toBe('seeForMe.errors.analysisFailed');
  });

  it("says the server's reason when it gave one, and the network's when nothing came back", async () => {
    const analyze = vi.fn(() =>
      Promise.reject<AnalysisAnswer>(
        new AnalysisError('seeForMe.errors.requestFailed', 503, '服务暂时不可用，请稍后再试'),
      ),
    );
    const f = fakeDeps({ analyze });
    const t = vi.fn((key: string, params?: Record<string, string>) =>
      params?.reason ? `${key}:${params.reason}` : key,
    );
    const scene = new SceneController({ ...f.deps, t }, 'observe');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(f.speech.spoken.at(-1)).toBe('seeForMe.errors.analysisFailedBecause:服务暂时不可用，请稍后再试');
    analyze.mockImplementation(() =>
      Promise.reject<AnalysisAnswer>(new AnalysisError('seeForMe.errors.network', 0, 'timeout')),
    );
    f.speech.finish();
    await vi.advanceTimersByTimeAsync(1_000);
    scene.tap();
    await flush();
    expect(f.speech.spoken.at(-1)).toBe('seeForMe.errors.network');
  });

  it('a question that fails without a reason hears 处理失败 (spec §8), a photo 分析失败', async () => {
    const f = fakeDeps({ analyze: vi.fn(() => Promise.reject(new Error('boom'))) });
    const scene = new SceneController(f.deps, 'qa');
    scene.setCameraReady(true);
    scene.ask('这个药一次吃几粒');
    await flush();
    expect(f.speech.spoken.at(-1)).toBe('seeForMe.errors.processingFailed');
  });

  it('a slow tap hears "still recognizing" once after 2 s, and a clear end at 10 s instead of a long silence', async () => {
    const f = fakeDeps({
      analyze: vi.fn(
        (_request: AnalyzeRequest, signal: AbortSignal) =>
          new Promise<AnalysisAnswer>((_resolve, reject) =>
            signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError'))),
          ),
      ),
    });
    const scene = new SceneController(f.deps, 'observe');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(f.speech.spoken).toEqual(['seeForMe.status.recognizing']);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(f.speech.spoken).toEqual(['seeForMe.status.recognizing', 'seeForMe.status.stillRecognizing']);
    await vi.advanceTimersByTimeAsync(7_900);
    expect(f.speech.spoken).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(100);
    await flush();
    expect(f.speech.spoken.at(-1)).toBe('seeForMe.errors.timeout');
    expect(scene.getState()).toMatchObject({ phase: 'idle', statusMessage: 'seeForMe.errors.timeout' });
  });

  it('an auto capture that hangs is neither announced nor cut short (nobody waits on it; the request has its own timeout)', async () => {
    const f = fakeDeps({
      analyze: vi.fn(
        (_request: AnalyzeRequest, signal: AbortSignal) =>
          new Promise<AnalysisAnswer>((_resolve, reject) =>
            signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError'))),
          ),
      ),
    });
    const analyze = f.deps.analyze as ReturnType<typeof vi.fn>;
    const scene = new SceneController(f.deps, 'realtime');
    scene.setCameraReady(true);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(f.speech.spoken).not.toContain('seeForMe.status.stillRecognizing');
    expect(f.speech.spoken).not.toContain('seeForMe.errors.timeout');
    expect(analyze).toHaveBeenCalledTimes(1);
    expect(scene.getState().phase).toBe('analyzing');
  });

  it('a quick answer hears no progress word, and an auto capture never does', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'observe');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    f.speech.finish();
    await vi.advanceTimersByTimeAsync(12_000);
    expect(f.speech.spoken).not.toContain('seeForMe.status.stillRecognizing');
    expect(f.speech.spoken).not.toContain('seeForMe.errors.timeout');
  });

  it('out of points: the server words are spoken and shown, recharge is offered, auto-capture stops', async () => {
    const refusal = new AnalysisError(
      'seeForMe.errors.requestFailed',
      402,
      '积分不足…',
      'points_insufficient',
    );
    const f = fakeDeps({ analyze: vi.fn(() => Promise.reject(refusal)) });
    const scene = new SceneController(f.deps, 'realtime');
    scene.setCameraReady(true);
    await flush();
    expect(f.speech.spoken.at(-1)).toBe('积分不足…');
    expect(scene.getState()).toMatchObject({
      statusMessage: '积分不足…',
      pointsShortfall: 'recharge',
      isActive: false,
    });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(f.capture).toHaveBeenCalledTimes(1);
    const device = new AnalysisError(
      'seeForMe.errors.requestFailed',
      402,
      '请登录后继续使用',
      'points_login_required',
    );
    const g = fakeDeps({ analyze: vi.fn(() => Promise.reject(device)) });
    const other = new SceneController(g.deps, 'observe');
    other.setCameraReady(true);
    other.tap();
    await flush();
    expect(other.getState().pointsShortfall).toBe('login');
  });

  it("a mode change or the background clears the run's progress and deadline timers", async () => {
    const hanging = () => fakeDeps({ analyze: vi.fn(() => new Promise<AnalysisAnswer>(() => undefined)) });
    const f = hanging();
    const scene = new SceneController(f.deps, 'observe');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(vi.getTimerCount()).toBe(2);
    scene.setMode('reading');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(ANALYSIS_DEADLINE_MS);
    expect(f.speech.spoken).toEqual(['seeForMe.status.recognizing']);
    const g = hanging();
    const other = new SceneController(g.deps, 'observe');
    other.setCameraReady(true);
    other.tap();
    await flush();
    other.setVisible(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
