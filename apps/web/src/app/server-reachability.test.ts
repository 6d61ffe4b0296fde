import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tr } from '../i18n/index.ts';
import { speechOutput, writeSpeakWithScreenReader } from '../features/speech/index.ts';
import {
  REACHABILITY_RETRY_MS,
  sayConnectionChange,
  useServerReachable,
  watchServerReachability,
  type ReachabilityDeps,
} from './server-reachability.ts';

function setup({ online = true, answers = true } = {}) {
  const events = new EventTarget();
  const said: [string, boolean][] = [];
  const state = { online, answers };
  const probe = vi.fn(async () => state.answers);
  const deps: ReachabilityDeps = {
    probe,
    online: () => state.online,
    events: events as unknown as ReachabilityDeps['events'],
    say: (text, assertive) => said.push([text, assertive]),
  };
  const goOffline = () => {
    state.online = false;
    events.dispatchEvent(new Event('offline'));
  };
  const goOnline = () => {
    state.online = true;
    events.dispatchEvent(new Event('online'));
  };
  return { deps, said, state, probe, goOffline, goOnline };
}

const reachable = () => useServerReachable.getState().reachable;
let stop: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers();
  useServerReachable.setState({ reachable: true });
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('server reachability', () => {
  it('says nothing while the server answers', async () => {
    const { deps, said, probe } = setup();
    stop = watchServerReachability(deps);
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).toHaveBeenCalledOnce();
    expect(reachable()).toBe(true);
    expect(said).toEqual([]);
  });

  it('started offline: says at once, assertively, that the server cannot be reached, without asking it', async () => {
    const { deps, said, probe } = setup({ online: false });
    stop = watchServerReachability(deps);
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).not.toHaveBeenCalled();
    expect(reachable()).toBe(false);
    expect(said).toEqual([[tr('app.serverUnreachable'), true]]);
  });

  it('back online: asks the server and says it is reachable again, once', async () => {
    const { deps, said, goOffline, goOnline } = setup();
    stop = watchServerReachability(deps);
    await vi.advanceTimersByTimeAsync(0);
    goOffline();
    expect(reachable()).toBe(false);
    goOnline();
    await vi.advanceTimersByTimeAsync(0);
    expect(reachable()).toBe(true);
    expect(said).toEqual([
      [tr('app.serverUnreachable'), true],
      [tr('app.serverReachable'), false],
    ]);
  });

  it('a server that does not answer on a working network is asked again every 10 s until it does', async () => {
    const { deps, said, state, probe } = setup({ answers: false });
    stop = watchServerReachability(deps);
    await vi.advanceTimersByTimeAsync(0);
    expect(reachable()).toBe(false);
    await vi.advanceTimersByTimeAsync(REACHABILITY_RETRY_MS);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(said).toHaveLength(1);
    state.answers = true;
    await vi.advanceTimersByTimeAsync(REACHABILITY_RETRY_MS);
    expect(reachable()).toBe(true);
    await vi.advanceTimersByTimeAsync(5 * REACHABILITY_RETRY_MS);
    expect(probe).toHaveBeenCalledTimes(3);
  });

  it('an answer that comes after the device went offline does not count', async () => {
    const { deps, goOffline } = setup();
    let answer: (ok: boolean) => void = () => undefined;
    deps.probe = () => new Promise((resolve) => (answer = resolve));
    stop = watchServerReachability(deps);
    goOffline();
    answer(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(reachable()).toBe(false);
  });
});

describe('sayConnectionChange', () => {
  afterEach(() => localStorage.clear());

  it("is heard once: the app's voice beside the alert region, or the screen reader alone", () => {
    const speak = vi.spyOn(speechOutput, 'speak').mockResolvedValue(undefined);
    writeSpeakWithScreenReader(false);
    sayConnectionChange('无法连接服务器', true);
    expect(speak).toHaveBeenCalledWith('无法连接服务器');
    speak.mockClear();
    writeSpeakWithScreenReader(true);
    sayConnectionChange('已重新连接服务器', false);
    expect(speak).not.toHaveBeenCalled();
    speak.mockRestore();
  });
});
