import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCENE_MODES } from '../see-for-me/index.ts';
import { ASSISTANT_RESET_MS, setAssistantStatus, useAssistantStatus } from './assistant-status.ts';
import { routes } from '../../ui/routes.ts';
import { createGlobalHandlers, RATE_STEP, type VoicePage } from './global-commands.ts';
import { HandlerPriority, HandlerRegistry, type CommandHandler } from './handler-registry.ts';
import { onSceneModeRequest, requestSceneMode } from './scene-mode-requests.ts';
import { VoiceAssistant } from './voice-assistant.ts';
import { zhCN as zh } from '../../i18n/zh-CN.ts';
import { marketPaths } from '../market/index.ts';

/** zh-CN lookup with {{param}} interpolation, so the tests read like what the user hears. */
function t(key: string, params: Record<string, unknown> = {}): string {
  let node: unknown = zh;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const text = typeof node === 'string' ? node : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

const handler = (id: string, priority: number, word: string, log: string[]): CommandHandler => ({
  id,
  priority,
  status: 'active',
  match: (text) => (text.includes(word) ? { command: id, run: () => void log.push(id) } : null),
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('handler registry', () => {
  it('an id can be registered only once', () => {
    const registry = new HandlerRegistry();
    registry.register(handler('a', 0, 'x', []));
    expect(() => registry.register(handler('a', 50, 'y', []))).toThrow('handler already registered');
  });

  it('highest priority first; only active handlers; unregister frees the id', () => {
    const log: string[] = [];
    const registry = new HandlerRegistry();
    registry.register(handler('default', HandlerPriority.default, '打开', log));
    const offPage = registry.register(handler('page', HandlerPriority.page, '打开', log));
    registry.register(handler('global', HandlerPriority.global, '打开', log));
    expect(registry.resolve('打开首页')?.command).toBe('global');
    registry.setStatus('global', 'inactive');
    expect(registry.resolve('打开首页')?.command).toBe('page');
    offPage();
    expect(registry.resolve('打开首页')?.command).toBe('default');
    registry.register(handler('page', HandlerPriority.page, 'z', log));
  });

  it('blank text is nobody’s; streaming results under 3 characters are ignored', () => {
    const registry = new HandlerRegistry();
    registry.register(handler('h', 0, '停', []));
    expect(registry.resolve('   ')).toBeNull();
    expect(registry.resolve('停', { streaming: true })).toBeNull();
    expect(registry.resolve('停止', { streaming: true })).toBeNull();
    expect(registry.resolve('停一下', { streaming: true })?.command).toBe('h');
    expect(registry.resolve('停')?.command).toBe('h');
  });

  it('a handler that throws is marked error and skipped', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const registry = new HandlerRegistry();
    registry.register({
      id: 'bad',
      priority: 100,
      status: 'active',
      match: () => {
        throw new Error('x');
      },
    });
    registry.register(handler('good', 0, '好', []));
    expect(registry.resolve('好的')?.command).toBe('good');
    expect(registry.ordered().map((h) => h.id)).toEqual(['good']);
  });
});

describe('assistant status banner state', () => {
  it('success, failure and not understood return to idle after 3 s; executing carries its command', () => {
    setAssistantStatus('executing', '打开首页');
    expect(useAssistantStatus.getState()).toEqual({ status: 'executing', command: '打开首页' });
    for (const status of ['success', 'failure', 'notUnderstood'] as const) {
      setAssistantStatus(status);
      vi.advanceTimersByTime(ASSISTANT_RESET_MS - 1);
      expect(useAssistantStatus.getState().status).toBe(status);
      vi.advanceTimersByTime(1);
      expect(useAssistantStatus.getState().status).toBe('idle');
    }
  });
});

/** The pages these tests open by name, as their features' manifests declare them. */
const pages: VoicePage[] = [
  { path: routes.home, nameKey: 'assistant.pages.home', aliases: ['首页', '主页', 'home'] },
  { path: routes.profile, nameKey: 'nav.profile', aliases: ['个人中心', '我的', 'profile'] },
  { path: routes.aichat, nameKey: 'nav.aichat', aliases: ['陪我聊聊', '聊天', 'chat'] },
  { path: marketPaths.market, nameKey: 'nav.market', aliases: ['市场', 'market'] },
];

function setup(path = '/') {
  const speech = {
    repeatLast: vi.fn(async () => undefined),
    stopAll: vi.fn(),
    speak: vi.fn(async (_t: string) => undefined),
  };
  let rate = 1;
  const deps = {
    t,
    speech,
    sceneModes: SCENE_MODES,
    requestSceneMode: vi.fn(),
    pages,
    navigate: vi.fn(),
    currentPath: () => path,
    stepSpeechRate: vi.fn((delta: number) => (rate = Math.min(3, Math.max(0.5, rate + delta)))),
  };
  const registry = new HandlerRegistry();
  for (const h of createGlobalHandlers(deps)) registry.register(h);
  const assistant = new VoiceAssistant({ registry, speech, t });
  return { deps, speech, registry, assistant };
}

describe('global commands through the assistant', () => {
  it('stop and repeat act at once without a spoken "done"', async () => {
    const { assistant, speech } = setup();
    expect(await assistant.handle('停止朗读')).toBe('success');
    expect(speech.stopAll).toHaveBeenCalledOnce();
    expect(await assistant.handle('再说一遍')).toBe('success');
    expect(speech.repeatLast).toHaveBeenCalledOnce();
    expect(speech.speak).not.toHaveBeenCalled();
  });

  it('faster / slower step the stored rate by 0.25 and say the new rate', async () => {
    const { assistant, deps, speech } = setup();
    await assistant.handle('说快一点');
    expect(deps.stepSpeechRate).toHaveBeenLastCalledWith(RATE_STEP);
    expect(speech.speak).toHaveBeenLastCalledWith('语速 1.25 倍');
    await assistant.handle('慢一点');
    expect(deps.stepSpeechRate).toHaveBeenLastCalledWith(-RATE_STEP);
  });

  it('opens a page by name', async () => {
    const { assistant, deps, speech } = setup();
    await assistant.handle('打开个人中心');
    expect(deps.navigate).toHaveBeenLastCalledWith('/profile');
    expect(useAssistantStatus.getState()).toMatchObject({ status: 'success', command: '打开个人中心' });
    expect(speech.speak).toHaveBeenLastCalledWith('执行成功');
    await assistant.handle('去首页');
    expect(deps.navigate).toHaveBeenLastCalledWith('/');
    await assistant.handle('陪我聊聊');
    expect(deps.navigate).toHaveBeenLastCalledWith('/aichat');
    await assistant.handle('打开市场');
    expect(deps.navigate).toHaveBeenLastCalledWith('/market');
  });

  it('switches the scene mode by its label (and opens see-for-me when elsewhere)', async () => {
    const { assistant, deps } = setup('/profile');
    await assistant.handle('切换到阅读模式');
    expect(deps.requestSceneMode).toHaveBeenLastCalledWith('reading');
    expect(deps.navigate).toHaveBeenLastCalledWith('/see-for-me');
    await assistant.handle('环境（省流量）模式');
    expect(deps.requestSceneMode).toHaveBeenLastCalledWith('move_lite');
  });

  it('not understood and failure are shown and spoken', async () => {
    const { assistant, speech, registry } = setup();
    expect(await assistant.handle('今天天气怎么样')).toBe('notUnderstood');
    expect(speech.speak).toHaveBeenLastCalledWith('助手没有听懂，请再说一遍');
    registry.register({
      id: 'page.broken',
      priority: HandlerPriority.page,
      status: 'active',
      match: (text) =>
        text.includes('坏') ? { command: '坏命令', run: () => Promise.reject(new Error('no')) } : null,
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await assistant.handle('执行坏命令')).toBe('failure');
    expect(speech.speak).toHaveBeenLastCalledWith('执行失败，请重试');
    expect(useAssistantStatus.getState().status).toBe('failure');
  });

  it('streaming results under 3 characters are ignored', async () => {
    const { assistant, speech } = setup();
    expect(await assistant.handle('停止', { streaming: true })).toBe('ignored');
    expect(speech.stopAll).not.toHaveBeenCalled();
  });
});

describe('scene mode requests', () => {
  it('a request made before the screen opens is delivered when it subscribes', () => {
    requestSceneMode('qa');
    const got: string[] = [];
    const off = onSceneModeRequest((m) => got.push(m));
    requestSceneMode('observe');
    off();
    expect(got).toEqual(['qa', 'observe']);
  });
});

describe('a page’s own commands', () => {
  it('come after the global ones and stop when the page unregisters them', async () => {
    const { registerPageCommands, voiceAssistant } = await import('./assistant-instance.ts');
    const run = vi.fn();
    const unregister = registerPageCommands('test-page', (text) => ({ command: text, quiet: true, run }));
    expect(await voiceAssistant.handle('灯开着吗')).toBe('success');
    expect(run).toHaveBeenCalledTimes(1);
    unregister();
    expect(await voiceAssistant.handle('灯开着吗')).toBe('notUnderstood');
  });
});
