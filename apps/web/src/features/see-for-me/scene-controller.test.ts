import type { AnalyzeRequest } from '@sfm/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnalysisError, type AnalysisAnswer } from './analysis-client.ts';
import { canTransition, DANGER_VIBRATION, isCameraRoute, SceneController } from './scene-controller.ts';
import { PRINT_SIDE } from './view-print.ts';
import { FakeSpeech, fakeDeps } from './test-fakes.ts';

const flush = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('scene controller', () => {
  it('the transition table allows the flows and forbids skipping steps', () => {
    expect(canTransition('idle', 'capturing')).toBe(true);
    expect(canTransition('capturing', 'analyzing')).toBe(true);
    expect(canTransition('analyzing', 'speaking')).toBe(true);
    expect(canTransition('idle', 'speaking')).toBe(false);
    expect(canTransition('listening', 'speaking')).toBe(false);
    expect(canTransition('analyzing', 'idle')).toBe(true);
  });

  it('an illegal phase change is refused, not applied', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'observe');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    (scene as unknown as { set: (p: object) => boolean }).set({ phase: 'speaking', question: 'x' });
    expect(scene.getState()).toMatchObject({ phase: 'idle', question: '' });
    expect(error).toHaveBeenCalledWith(expect.stringContaining('idle → speaking'));
    error.mockRestore();
  });

  it('the status follows the scene: "recognizing" gives way when the analysis ends, however it ends', async () => {
    const ready = 'seeForMe.camera.ready';
    const setup = (over = {}) => {
      const f = fakeDeps(over, new FakeSpeech(false));
      const scene = new SceneController(f.deps, 'reading');
      scene.setCameraReady(true);
      scene.showCameraMessage(ready, false);
      return { f, scene };
    };
    // success: back to the camera's state once the result is there, quietly
    const ok = setup();
    ok.scene.tap();
    expect(ok.scene.getState()).toMatchObject({
      statusMessage: 'seeForMe.status.recognizing',
      statusQuiet: false,
    });
    await flush();
    expect(ok.scene.getState()).toMatchObject({ phase: 'speaking', statusMessage: ready, statusQuiet: true });
    ok.f.speech.finish();
    await flush();
    expect(ok.scene.getState()).toMatchObject({ phase: 'idle', statusMessage: ready });
    // failure: the failure is the status
    const failed = setup({ analyze: vi.fn(() => Promise.reject(new Error('boom'))) });
    failed.scene.tap();
    await flush();
    expect(failed.scene.getState().statusMessage).toBe('seeForMe.errors.analysisFailed');
    // cancelled by a mode change mid-analysis
    const changed = setup({ analyze: vi.fn(() => new Promise<AnalysisAnswer>(() => undefined)) });
    changed.scene.tap();
    await flush();
    changed.scene.setMode('observe');
    expect(changed.scene.getState()).toMatchObject({ phase: 'idle', statusMessage: ready });
    // cancelled by going to the background
    const hidden = setup({ analyze: vi.fn(() => new Promise<AnalysisAnswer>(() => undefined)) });
    hidden.scene.tap();
    await flush();
    hidden.scene.setVisible(false);
    expect(hidden.scene.getState()).toMatchObject({ phase: 'idle', statusMessage: ready });
  });

  it('a danger warning outlasts the analysis that found it', async () => {
    const f = fakeDeps({ analyze: vi.fn(() => Promise.resolve({ description: '前方路口有汽车' })) });
    const scene = new SceneController(f.deps, 'move');
    scene.showCameraMessage('seeForMe.camera.ready', false);
    scene.setCameraReady(true);
    await flush();
    expect(scene.getState()).toMatchObject({ statusMessage: 'seeForMe.status.danger', phase: 'idle' });
    scene.dispose();
  });

  it('camera routes: /see-for-me, / and /market/use/…', () => {
    expect(isCameraRoute('/see-for-me')).toBe(true);
    expect(isCameraRoute('/')).toBe(true);
    expect(isCameraRoute('/market/use/7')).toBe(true);
    expect(isCameraRoute('/profile')).toBe(false);
  });

  it('observe tap: says recognizing, shutter, captures, analyses, speaks the result, dings', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'observe');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(f.speech.spoken).toEqual(['seeForMe.status.recognizing', '一张桌子']);
    expect(f.playSound.mock.calls.map((c) => c[0])).toEqual(['shutter', 'ding']);
    expect(f.analyze.mock.calls[0]?.[0]).toMatchObject({
      scenario: 'observe',
      compression: 'standard',
      image: 'QUJD',
    });
    expect(scene.getState()).toMatchObject({ phase: 'idle', lastResult: { text: '一张桌子' } });
  });

  it('the status line says whether its text is also spoken', async () => {
    const f = fakeDeps({ analyze: vi.fn(() => Promise.resolve({ description: '前方是马路，有汽车驶过' })) });
    const scene = new SceneController(f.deps, 'observe');
    scene.setCameraReady(true);
    scene.showCameraMessage('camera.initializing', false);
    expect(scene.getState()).toMatchObject({ statusMessage: 'camera.initializing', statusSpoken: false });
    scene.showCameraMessage('camera.failed', true);
    expect(scene.getState()).toMatchObject({ statusMessage: 'camera.failed', statusSpoken: true });
    scene.tap();
    expect(scene.getState()).toMatchObject({
      statusMessage: 'seeForMe.status.recognizing',
      statusSpoken: true,
    });
    await flush();
    scene.setMode('move');
    await flush();
    // the danger warning is shown (and alerted), not spoken: the description is what is spoken
    expect(scene.getState()).toMatchObject({ statusMessage: 'seeForMe.status.danger', statusSpoken: false });
  });

  it('reading sends high compression; click has no ding', async () => {
    const f = fakeDeps();
    const reading = new SceneController(f.deps, 'reading');
    reading.setCameraReady(true);
    reading.tap();
    await flush();
    expect(f.capture.mock.calls[0]?.[0]).toBe('high');
    const g = fakeDeps();
    const click = new SceneController(g.deps, 'click');
    click.setCameraReady(true);
    click.tap();
    await flush();
    expect(g.playSound.mock.calls.map((c) => c[0])).toEqual(['shutter']);
  });

  it('tapping while the result is spoken cancels the speech and captures nothing', async () => {
    const speech = new FakeSpeech(false);
    const f = fakeDeps({}, speech);
    const scene = new SceneController(f.deps, 'observe');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(scene.getState().phase).toBe('speaking');
    scene.tap();
    expect(speech.cancel).toHaveBeenCalled();
    expect(f.analyze).toHaveBeenCalledTimes(1);
  });

  it('a tap with the camera not ready says the camera is abnormal', () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'observe');
    scene.tap();
    expect(f.speech.spoken).toEqual(['seeForMe.camera.abnormal']);
    expect(f.capture).not.toHaveBeenCalled();
  });

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

  it('auto modes: capture at once, then every 10 s, only with the camera ready on a camera route', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'realtime');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(f.capture).not.toHaveBeenCalled();
    scene.setCameraReady(true);
    await flush();
    expect(f.capture).toHaveBeenCalledTimes(1);
    expect(scene.getState().isActive).toBe(true);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(f.capture).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.capture).toHaveBeenCalledTimes(2);
    expect(f.playSound).not.toHaveBeenCalled();
    scene.setRoute('/profile');
    expect(scene.getState().isActive).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(f.capture).toHaveBeenCalledTimes(2);
    scene.setRoute('/market/use/3');
    await flush();
    expect(f.capture).toHaveBeenCalledTimes(3);
    scene.setCameraReady(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(f.capture).toHaveBeenCalledTimes(3);
  });

  it('auto modes: an answer the same as the last one is not read again; a new one is', async () => {
    const answers = ['前方有一张桌子', '前方有一张桌子', '前方有一扇门'];
    const analyze = vi.fn(() => Promise.resolve({ description: answers.shift() ?? '' }));
    const f = fakeDeps({ analyze });
    const scene = new SceneController(f.deps, 'realtime');
    scene.setCameraReady(true);
    await flush();
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(analyze).toHaveBeenCalledTimes(3);
    expect(f.speech.spoken).toEqual(['前方有一张桌子', '前方有一扇门']);
    scene.dispose();
  });

  it('auto modes: a view unchanged since the last answer is not sent again; a tap hears so, once', async () => {
    const still = { cells: new Uint8Array(PRINT_SIDE * PRINT_SIDE * 3).fill(120), sharpness: 5 };
    const moved = { cells: still.cells.map((_, i) => (i % 7) * 30), sharpness: 5 };
    const views = [still, still, still, moved];
    const capture = vi.fn(() => Promise.resolve({ image: 'QUJD', view: views.shift() ?? moved }));
    const answers = ['前方有一块路牌，写着“人民路”', '前方有一扇门'];
    const analyze = vi.fn(() => Promise.resolve({ description: answers.shift() ?? '' }));
    const f = fakeDeps({ capture, analyze });
    const scene = new SceneController(f.deps, 'realtime');
    scene.setCameraReady(true);
    await flush();
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(capture).toHaveBeenCalledTimes(3);
    expect(analyze).toHaveBeenCalledTimes(1);
    // shown, not announced, and not spoken
    expect(scene.getState()).toMatchObject({ statusMessage: 'seeForMe.viewUnchanged', statusQuiet: true });
    expect(f.speech.spoken).toEqual(['前方有一块路牌，写着“人民路”']);
    scene.tap();
    scene.tap();
    expect(f.speech.spoken.filter((t) => t === 'seeForMe.viewUnchanged')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(analyze).toHaveBeenCalledTimes(2);
    expect(f.speech.spoken.at(-1)).toBe('前方有一扇门');
    scene.dispose();
  });

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

  it('auto modes: a view with traffic in its last answer is sent every time, unchanged or not', async () => {
    const still = { cells: new Uint8Array(PRINT_SIDE * PRINT_SIDE * 3).fill(120), sharpness: 5 };
    const capture = vi.fn(() => Promise.resolve({ image: 'QUJD', view: still }));
    const analyze = vi.fn(() => Promise.resolve({ description: '前方是路口，红绿灯是红灯' }));
    const f = fakeDeps({ capture, analyze });
    const scene = new SceneController(f.deps, 'realtime');
    scene.setCameraReady(true);
    await flush();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(analyze).toHaveBeenCalledTimes(2);
    scene.dispose();
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

  it('a tap in an auto mode only stops speech (with a spoken confirmation in accessible mode)', () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'move');
    scene.tap();
    expect(f.speech.cancel).toHaveBeenCalled();
    expect(f.capture).not.toHaveBeenCalled();
    expect(f.speech.spoken).toEqual([]);
    scene.tap({ confirm: true });
    expect(f.speech.spoken).toEqual(['seeForMe.speech.stopped']);
  });

  it('danger in move: alert + vibrate + 5 s, back to 10 s after two calm results', async () => {
    const answers = ['前方是马路，有汽车驶过', '前方有车辆', '一条安静的走廊', '一扇门', '一扇门'];
    const f = fakeDeps({
      analyze: vi.fn(() => Promise.resolve({ description: answers.shift() ?? '一扇门' })),
    });
    const scene = new SceneController(f.deps, 'move');
    scene.setCameraReady(true);
    await flush();
    expect(scene.getState()).toMatchObject({
      isDangerousScene: true,
      intervalMs: 5_000,
      statusMessage: 'seeForMe.status.danger',
    });
    expect(f.alert).toHaveBeenCalledWith('seeForMe.status.danger');
    expect(f.vibrate).toHaveBeenCalledWith(DANGER_VIBRATION);
    expect(f.speech.priorities[0]).toBe('danger');
    await vi.advanceTimersByTimeAsync(5_000); // 2nd: still danger
    expect(f.capture).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5_000); // 3rd: calm #1
    expect(f.capture).toHaveBeenCalledTimes(3);
    expect(scene.getState().isDangerousScene).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000); // 4th: calm #2 → relax
    expect(f.capture).toHaveBeenCalledTimes(4);
    expect(scene.getState()).toMatchObject({ isDangerousScene: false, intervalMs: 10_000 });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(f.capture).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.capture).toHaveBeenCalledTimes(5);
  });

  it('danger with "vibrate on danger" off: the alert is said, the phone does not vibrate', async () => {
    const f = fakeDeps({
      analyze: vi.fn(() => Promise.resolve({ description: '前方是马路，有汽车驶过' })),
      vibrateOnDanger: () => false,
    });
    const scene = new SceneController(f.deps, 'move');
    scene.setCameraReady(true);
    await flush();
    expect(f.alert).toHaveBeenCalledWith('seeForMe.status.danger');
    expect(f.vibrate).not.toHaveBeenCalled();
  });

  it('danger terms do nothing in realtime', async () => {
    const f = fakeDeps({ analyze: vi.fn(() => Promise.resolve({ description: '路口有汽车' })) });
    const scene = new SceneController(f.deps, 'realtime');
    scene.setCameraReady(true);
    await flush();
    expect(scene.getState().isDangerousScene).toBe(false);
    expect(f.alert).not.toHaveBeenCalled();
  });

  it('move_lite goes out as scenario move with compression lite', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'move_lite');
    scene.setCameraReady(true);
    await flush();
    expect(f.analyze.mock.calls[0]?.[0]).toMatchObject({ scenario: 'move', compression: 'lite' });
  });

  it('changing mode cancels speech and the running analysis, resets state, restarts or stops auto-capture', async () => {
    let seen: AbortSignal | undefined;
    const f = fakeDeps({
      analyze: vi.fn((_r, signal: AbortSignal) => {
        seen = signal;
        return new Promise<AnalysisAnswer>(() => undefined);
      }),
    });
    const scene = new SceneController(f.deps, 'realtime');
    scene.setCameraReady(true);
    await flush();
    expect(scene.getState().phase).toBe('analyzing');
    scene.setMode('observe');
    expect(seen?.aborted).toBe(true);
    expect(f.speech.cancel).toHaveBeenCalled();
    expect(scene.getState()).toMatchObject({
      mode: 'observe',
      phase: 'idle',
      isActive: false,
      lastResult: null,
    });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(f.capture).toHaveBeenCalledTimes(1);
    scene.setMode('move');
    await flush();
    expect(f.capture).toHaveBeenCalledTimes(2);
    expect(scene.getState().isActive).toBe(true);
  });

  it('background stops speech, analysis and auto-capture; foreground resumes', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'realtime');
    scene.setCameraReady(true);
    await flush();
    scene.setVisible(false);
    expect(f.speech.cancel).toHaveBeenCalled();
    expect(scene.getState().isActive).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(f.capture).toHaveBeenCalledTimes(1);
    scene.setVisible(true);
    await flush();
    expect(f.capture).toHaveBeenCalledTimes(2);
  });

  it('qa: tap listens after "please speak", a final result asks with that question, dings', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'qa');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(f.speech.spoken).toEqual(['seeForMe.listen.pleaseSpeak']);
    expect(f.input.listening).toBe(true);
    expect(scene.getState()).toMatchObject({ phase: 'listening', listening: true });
    f.input.say('这是什么', false);
    expect(scene.getState().question).toBe('这是什么');
    f.input.say('这是什么东西');
    await flush();
    expect(f.input.listening).toBe(false);
    expect(f.analyze.mock.calls[0]?.[0]).toMatchObject({ scenario: 'qa', prompt: '这是什么东西' });
    expect(f.speech.spoken.at(-1)).toBe('一张桌子');
    expect(f.playSound.mock.calls.map((c) => c[0])).toEqual(['ding']);
    expect(scene.getState().question).toBe('这是什么东西');
  });

  it('qa: a second tap stops listening and says OK; 30 s without a question stops too', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'qa');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    scene.tap();
    expect(f.input.listening).toBe(false);
    expect(f.speech.spoken.at(-1)).toBe('seeForMe.listen.ok');
    scene.tap();
    await flush();
    expect(f.input.listening).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(f.input.listening).toBe(false);
    expect(f.speech.spoken.at(-1)).toBe('seeForMe.listen.timeout');
  });

  it('qa with a recorder (single-shot): the second tap ends the recording and its question is still asked', async () => {
    const f = fakeDeps();
    Object.assign(f.input, { resultAfterStop: true });
    const scene = new SceneController(f.deps, 'qa');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(f.input.listening).toBe(true);
    scene.tap();
    expect(f.input.listening).toBe(false);
    expect(f.speech.spoken).not.toContain('seeForMe.listen.ok');
    expect(scene.getState().statusMessage).toBe('seeForMe.status.recognizing');
    // the upload's answer arrives after the stop
    f.input.say('这个药一次吃几粒');
    await flush();
    expect(f.analyze.mock.calls[0]?.[0]).toMatchObject({ scenario: 'qa', prompt: '这个药一次吃几粒' });
  });

  it('qa without a working recognizer says so once, then taps move to the typed question', async () => {
    const f = fakeDeps({ createSpeechInput: () => null });
    const scene = new SceneController(f.deps, 'qa');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(f.speech.spoken).toEqual(['seeForMe.typed.unavailable']);
    expect(scene.getState().typedQuestionSeq).toBe(1);
    scene.tap();
    await flush();
    expect(f.speech.spoken).toEqual(['seeForMe.typed.unavailable', 'seeForMe.typed.hint']);
    expect(scene.getState()).toMatchObject({ typedQuestionSeq: 2, phase: 'idle', listening: false });
  });

  it('a recognizer found unusable while listening gives the same notice, never a microphone error', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'dialogue');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    f.input.fail({ key: 'speechInput.unavailable', code: 'network', recoverable: false });
    expect(f.speech.spoken.at(-1)).toBe('seeForMe.typed.unavailable');
    expect(scene.getState()).toMatchObject({ conversing: false, listening: false, phase: 'idle' });
    expect(f.input.listening).toBe(false);
  });

  it('a typed question is analysed like a spoken one', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'qa');
    scene.setCameraReady(true);
    scene.ask('  这是什么药 ');
    await flush();
    expect(f.analyze.mock.calls[0]?.[0]).toMatchObject({ scenario: 'qa', prompt: '这是什么药' });
    expect(f.speech.spoken.at(-1)).toBe('一张桌子');
    expect(scene.getState().question).toBe('这是什么药');
    scene.ask('   ');
    expect(f.analyze).toHaveBeenCalledTimes(1);
  });

  it('a passing recognizer error is shown while listening goes on', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'qa');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    f.input.fail({ key: 'speechInput.noText', code: 'NO_TEXT', recoverable: true });
    expect(scene.getState()).toMatchObject({ statusMessage: 'speechInput.noText', listening: true });
    expect(f.input.listening).toBe(true);
  });

  it('qa at the 30 s limit asks with a question that was heard but never marked final', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'qa');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    f.input.say('前面有什么', false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(f.analyze.mock.calls[0]?.[0]).toMatchObject({ prompt: '前面有什么' });
    expect(f.speech.spoken).not.toContain('seeForMe.listen.timeout');
  });

  it('a new question starts empty: the last one is not taken for it at the time limit', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'qa');
    scene.setCameraReady(true);
    scene.ask('这是什么');
    await flush();
    scene.tap();
    await flush();
    expect(scene.getState().question).toBe('');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(f.analyze).toHaveBeenCalledTimes(1);
    expect(f.speech.spoken.at(-1)).toBe('seeForMe.listen.timeout');
  });

  it('without the microphone says it is needed', async () => {
    const g = fakeDeps({ requestMicrophone: () => Promise.resolve(false) });
    const denied = new SceneController(g.deps, 'qa');
    denied.setCameraReady(true);
    denied.tap();
    await flush();
    expect(g.speech.spoken).toEqual(['permission.microphoneDenied']);
  });

  it('dialogue: a final result stops, shutter, analyses with the question, speaks and listens again', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'dialogue');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(f.createSpeechInput).toHaveBeenCalledWith({ continuous: true });
    expect(scene.getState().conversing).toBe(true);
    f.input.say('前面有什么');
    await flush();
    expect(f.playSound).toHaveBeenCalledWith('shutter');
    expect(f.analyze.mock.calls[0]?.[0]).toMatchObject({ scenario: 'dialogue', prompt: '前面有什么' });
    expect(f.speech.spoken.at(-1)).toBe('一张桌子');
    expect(f.input.listening).toBe(true);
    expect(f.input.started).toBe(2);
    scene.tap();
    expect(f.input.listening).toBe(false);
    expect(scene.getState().conversing).toBe(false);
    expect(f.speech.spoken.at(-1)).toBe('seeForMe.listen.ok');
  });

  it('changing mode tears down listening', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'qa');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    scene.setMode('reading');
    expect(f.input.listening).toBe(false);
    expect(scene.getState().listening).toBe(false);
  });
});

describe('scene controller: savePhoto (spec §9)', () => {
  const photo = new Blob([new Uint8Array([0xff, 0xd8])], { type: 'image/jpeg' });
  const keeper = (on: boolean, keep = vi.fn(() => Promise.resolve('album' as const))) => ({
    enabled: () => on,
    grab: vi.fn(() => Promise.resolve(photo)),
    keep,
  });

  it('with savePhoto on, the analysed frame is kept and where it went is said after the result', async () => {
    const photos = keeper(true);
    const f = fakeDeps({ photos });
    const scene = new SceneController(f.deps, 'reading');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(photos.grab).toHaveBeenCalledOnce();
    expect(photos.keep).toHaveBeenCalledWith(photo);
    expect(f.speech.spoken.slice(-2)).toEqual(['一张桌子', 'seeForMe.photoSaved.album']);
  });

  it('with savePhoto off, no photo is grabbed or kept', async () => {
    const photos = keeper(false);
    const f = fakeDeps({ photos });
    const scene = new SceneController(f.deps, 'reading');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(photos.grab).not.toHaveBeenCalled();
    expect(photos.keep).not.toHaveBeenCalled();
    expect(f.speech.spoken.at(-1)).toBe('一张桌子');
  });

  it('a failed analysis keeps no photo; a photo kept nowhere is not announced', async () => {
    const failing = keeper(true);
    const f = fakeDeps({ photos: failing, analyze: vi.fn(() => Promise.reject(new Error('boom'))) });
    const scene = new SceneController(f.deps, 'reading');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(failing.keep).not.toHaveBeenCalled();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refused = keeper(
      true,
      vi.fn(() => Promise.reject(new Error('no storage'))),
    );
    const g = fakeDeps({ photos: refused });
    const other = new SceneController(g.deps, 'reading');
    other.setCameraReady(true);
    other.tap();
    await flush();
    expect(g.speech.spoken.at(-1)).toBe('一张桌子');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
