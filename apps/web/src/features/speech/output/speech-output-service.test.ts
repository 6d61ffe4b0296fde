import { afterEach, describe, expect, it, vi } from 'vitest';
import { SilentSpeechEngine } from './silent-engine.ts';
import { SpeechOutputService } from './speech-output-service.ts';
import type {
  EngineHooks,
  EngineName,
  EngineOutcome,
  PlaybackState,
  SpeechEngine,
  SpeechEvent,
  SpeechPriority,
} from './types.ts';

/** An engine whose utterances finish when the test says so. */
class ManualEngine implements SpeechEngine {
  said: string[] = [];
  resolveStuck?: (o: EngineOutcome) => void;
  priorities: SpeechPriority[] = [];
  cancels = 0;
  private pending: ((o: EngineOutcome) => void) | null = null;
  constructor(
    readonly name: EngineName = 'browser',
    private readonly behaviour: 'manual' | 'throw' | 'fail' = 'manual',
  ) {}
  available() {
    return true;
  }
  speak(text: string, hooks: EngineHooks): Promise<EngineOutcome> {
    if (this.behaviour === 'throw') return Promise.reject(new Error('engine broken'));
    if (this.behaviour === 'fail') return Promise.resolve({ kind: 'failed', reason: 'stream error' });
    this.said.push(text);
    this.priorities.push(hooks.priority);
    hooks.onStart();
    return new Promise((resolve) => (this.pending = resolve));
  }
  finish() {
    const p = this.pending;
    this.pending = null;
    p?.({ kind: 'done' });
  }
  cancel() {
    this.cancels += 1;
    const p = this.pending;
    this.pending = null;
    p?.({ kind: 'cancelled' });
  }
  state(): PlaybackState {
    return this.pending ? 'speaking' : 'idle';
  }
  pause() {
    return false;
  }
  resume() {
    return false;
  }
}

const tick = () => new Promise((r) => setTimeout(r, 0));

function setup(chain: SpeechEngine[], engines: SpeechEngine[] = chain) {
  const service = new SpeechOutputService({
    chain: () => chain,
    silent: new SilentSpeechEngine(),
    engines,
    now: () => 7,
  });
  const events: SpeechEvent[] = [];
  service.onEvent((e) => events.push(e));
  return { service, events };
}

afterEach(() => vi.restoreAllMocks());

describe('speech output queue', () => {
  it('skips blank text; speaks and reports start and end (also as the sfm:speech DOM event)', async () => {
    const engine = new ManualEngine();
    const { service, events } = setup([engine]);
    const dom: unknown[] = [];
    const onDom = (e: Event) => dom.push((e as CustomEvent).detail);
    window.addEventListener('sfm:speech', onDom);
    await service.speak('  ');
    expect(engine.said).toEqual([]);
    const done = service.speak('你好');
    await tick();
    expect(service.isSpeaking()).toBe(true);
    engine.finish();
    await done;
    expect(service.isSpeaking()).toBe(false);
    expect(events).toEqual([
      { type: 'speechStarted', text: '你好', priority: 'routine', at: 7, engine: 'browser' },
      { type: 'speechEnded', text: '你好', at: 7, engine: 'browser' },
    ]);
    expect(dom).toEqual(events);
    window.removeEventListener('sfm:speech', onDom);
  });

  it('a new routine result interrupts a stale routine one', async () => {
    const engine = new ManualEngine();
    const { service } = setup([engine]);
    const first = service.speak('旧结果');
    await tick();
    void service.speak('新结果');
    await first;
    await tick();
    expect(engine.said).toEqual(['旧结果', '新结果']);
    expect(engine.cancels).toBeGreaterThan(0);
  });

  it('danger interrupts routine; routine during danger waits in one slot (older waiting one dropped)', async () => {
    const engine = new ManualEngine();
    const { service, events } = setup([engine]);
    void service.speak('例行');
    await tick();
    void service.speak('前方有车', { priority: 'danger' });
    await tick();
    const stale = service.speak('例行一');
    void service.speak('例行二');
    await stale; // dropped, resolved
    expect(events.some((e) => e.type === 'speechDropped' && e.text === '例行一')).toBe(true);
    engine.finish(); // the danger ends
    await tick();
    expect(engine.said).toEqual(['例行', '前方有车', '例行二']);
  });

  it("hands each text's priority to the engine", async () => {
    const engine = new ManualEngine();
    const { service } = setup([engine]);
    void service.speak('例行');
    await tick();
    void service.speak('前方有车', { priority: 'danger' });
    await tick();
    expect(engine.priorities).toEqual(['routine', 'danger']);
  });

  it('dangers are never dropped: a danger during a danger is said after it', async () => {
    const engine = new ManualEngine();
    const { service } = setup([engine]);
    void service.speak('危险一', { priority: 'danger' });
    await tick();
    void service.speak('危险二', { priority: 'danger' });
    void service.speak('例行');
    await tick();
    engine.finish();
    await tick();
    engine.finish();
    await tick();
    expect(engine.said).toEqual(['危险一', '危险二', '例行']);
  });

  it('stopAll stops everything, waiting ones too; repeatLast says the last text again', async () => {
    const engine = new ManualEngine();
    const { service, events } = setup([engine]);
    void service.speak('危险', { priority: 'danger' });
    await tick();
    void service.speak('等待');
    service.stopAll();
    await tick();
    expect(service.isSpeaking()).toBe(false);
    expect(events.at(-1)?.type).toBe('speechCancelled');
    void service.repeatLast();
    await tick();
    expect(engine.said).toEqual(['危险', '等待']);
  });

  it('nothing is said while the user speaks; the waiting text comes afterwards', async () => {
    const engine = new ManualEngine();
    const { service } = setup([engine]);
    service.holdForListening(true);
    void service.speak('稍后再说');
    await tick();
    expect(engine.said).toEqual([]);
    service.holdForListening(false);
    await tick();
    expect(engine.said).toEqual(['稍后再说']);
  });

  it('a throwing engine falls back to the next one, and at last to silence, with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken = new ManualEngine('cloud', 'throw');
    const device = new ManualEngine('browser');
    const { service, events } = setup([broken, device]);
    void service.speak('回退');
    await tick();
    expect(device.said).toEqual(['回退']);
    expect(events[0]).toMatchObject({ type: 'speechError', engine: 'cloud' });
    expect(warn).toHaveBeenCalled();

    const { service: onlyBroken, events: silentEvents } = setup([new ManualEngine('cloud', 'throw')]);
    await expect(onlyBroken.speak('无声')).resolves.toBeUndefined();
    expect(silentEvents.map((e) => e.type)).toEqual(['speechError', 'speechStarted', 'speechEnded']);
  });

  it('a failed cloud stream before any sound is said by the device instead', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const device = new ManualEngine('browser');
    const { service } = setup([new ManualEngine('cloud', 'fail'), device]);
    void service.speak('云端失败');
    await tick();
    expect(device.said).toEqual(['云端失败']);
  });
});

describe('speech output queue guard (spec §9)', () => {
  it('an engine that never begins to speak is given up after 10 s, and the next one says the text', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stuck = new ManualEngine('native');
    // accepts the text but never starts (a platform voice that hangs)
    stuck.speak = (_text, _hooks) => new Promise<EngineOutcome>((resolve) => (stuck.resolveStuck = resolve));
    stuck.cancel = () => stuck.resolveStuck?.({ kind: 'cancelled' });
    const device = new ManualEngine('browser');
    const { service, events } = setup([stuck, device]);
    void service.speak('前方有台阶');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(device.said).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(device.said).toEqual(['前方有台阶']);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'speechError', reason: 'stalled', engine: 'native' }),
    );
    vi.useRealTimers();
  });

  it('an engine whose speak never returns (a voice still connecting) is given up too', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const connecting = new ManualEngine('cloud');
    connecting.speak = () => new Promise<EngineOutcome>(() => undefined);
    const device = new ManualEngine('browser');
    const { service } = setup([connecting, device]);
    void service.speak('请注意台阶');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(device.said).toEqual(['请注意台阶']);
    expect(connecting.cancels).toBe(1);
    vi.useRealTimers();
  });

  it('a long text that has begun is never cut by the guard', async () => {
    vi.useFakeTimers();
    const device = new ManualEngine('browser');
    const other = new ManualEngine('native');
    const { service } = setup([device, other]);
    const said = service.speak('很长的一段话');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(device.cancels).toBe(0);
    expect(other.said).toEqual([]);
    device.finish();
    await said;
    vi.useRealTimers();
  });
});

describe('speech service start and close (spec §4 app start)', () => {
  /** An engine that gets ready as the test says and records its dispose. */
  function preparing(name: EngineName, prepare?: () => Promise<void>, available = true) {
    return Object.assign(new ManualEngine(name), {
      available: () => available,
      prepare: prepare && vi.fn(prepare),
      dispose: vi.fn(),
    });
  }

  it('init prepares the preferred available engine only and reports success', async () => {
    const missing = preparing('cloud', () => Promise.resolve(), false);
    const preferred = preparing('cloud', () => Promise.resolve());
    const device = preparing('browser', () => Promise.resolve());
    const { service } = setup([missing, preferred, device]);
    await expect(service.init()).resolves.toBe(true);
    expect(missing.prepare).not.toHaveBeenCalled();
    expect(preferred.prepare).toHaveBeenCalledOnce();
    expect(device.prepare).not.toHaveBeenCalled();
  });

  it('an engine with nothing to prepare, or no engine at all, is ready', async () => {
    await expect(setup([new ManualEngine('browser')]).service.init()).resolves.toBe(true);
    await expect(setup([]).service.init()).resolves.toBe(true);
  });

  it('init reports false with a warning when the preferred engine cannot get ready; never rejects', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { service } = setup([preparing('cloud', () => Promise.reject(new Error('connection timeout')))]);
    await expect(service.init()).resolves.toBe(false);
    expect(warn).toHaveBeenCalledWith('speech service init failed:', 'connection timeout');
  });

  it('dispose stops all speech and disposes every engine, the ones outside the chain too', async () => {
    const device = preparing('browser');
    const cloud = preparing('cloud');
    const { service, events } = setup([device], [device, cloud]);
    const said = service.speak('再见');
    await tick();
    service.dispose();
    await expect(said).resolves.toBeUndefined();
    expect(device.cancels).toBe(1);
    expect(service.isSpeaking()).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'speechCancelled' });
    expect(device.dispose).toHaveBeenCalledOnce();
    expect(cloud.dispose).toHaveBeenCalledOnce();
  });
});
