import type { SceneMode } from '@sfm/protocol';
import type { SceneModeEntry } from '../see-for-me/scene-modes.ts';
import { HandlerPriority, type CommandHandler, type CommandMatch } from './handler-registry.ts';

export interface GlobalCommandDeps {
  t: (key: string, params?: Record<string, unknown>) => string;
  speech: { repeatLast(): Promise<void>; stopAll(): void; speak(text: string): Promise<void> };
  /** The see-for-me registry (labels of the scene modes). */
  sceneModes: readonly SceneModeEntry[];
  requestSceneMode(mode: SceneMode): void;
  navigate(path: string): void;
  currentPath(): string;
  /** Changes the stored speech rate by delta (clamped to 0.5–3); returns the new rate. */
  stepSpeechRate(delta: number): number;
}

/** Pages the assistant can open by name: i18n keys of their names (plus spoken aliases) → path. */
export const PAGE_TARGETS: readonly { path: string; nameKeys: string[]; aliases: string[] }[] = [
  { path: '/', nameKeys: ['assistant.pages.home'], aliases: ['首页', '主页', 'home'] },
  { path: '/profile', nameKeys: ['nav.profile'], aliases: ['个人中心', '我的', 'profile'] },
  { path: '/see-for-me', nameKeys: ['nav.seeForMe'], aliases: ['帮我看看', 'see for me'] },
  { path: '/aichat', nameKeys: ['nav.aichat'], aliases: ['陪我聊聊', '聊天', 'chat'] },
  { path: '/market', nameKeys: ['nav.market'], aliases: ['市场', 'market'] },
  { path: '/points-logs', nameKeys: ['pages.pointsLogs'], aliases: ['积分', 'points'] },
  { path: '/help', nameKeys: ['pages.help'], aliases: ['帮助', 'help'] },
  { path: '/video-call', nameKeys: ['pages.videoCall'], aliases: ['视频求助', 'video call'] },
  {
    path: '/operation-settings',
    nameKeys: ['pages.operationSettings'],
    aliases: ['操作设置', '设置', 'settings'],
  },
  { path: '/speech-debug', nameKeys: ['pages.speechDebug'], aliases: ['语音调试', 'speech debug'] },
];

export const RATE_STEP = 0.25;

const STOP = /停止|别说了|不要说了|闭嘴|安静|stop/i;
const REPEAT = /重复|再说一遍|再说一次|repeat|say (it )?again/i;
const FASTER = /快一点|快一些|快点|加快|语速快|faster/i;
const SLOWER = /慢一点|慢一些|慢点|放慢|语速慢|slower/i;
const OPEN = /打开|进入|去|跳转|返回|回到|open|go to/i;
const SWITCH = /切换|模式|场景|switch|mode/i;

const norm = (s: string) => s.toLowerCase().replace(/[\s，。！？,.!?]/g, '');

/** The global commands (priority 100): stop, repeat, faster / slower, open a page, switch scene mode. */
export function createGlobalHandlers(deps: GlobalCommandDeps): CommandHandler[] {
  const { t } = deps;
  const handler = (id: string, match: (text: string) => CommandMatch | null): CommandHandler => ({
    id,
    priority: HandlerPriority.global,
    status: 'active',
    match,
  });
  const rate = (delta: number, key: string): CommandMatch => ({
    command: t(key),
    quiet: true,
    async run() {
      const next = deps.stepSpeechRate(delta);
      await deps.speech.speak(t('assistant.rateNow', { rate: next }));
    },
  });

  return [
    handler('global.stop', (text) =>
      STOP.test(text)
        ? { command: t('assistant.commands.stop'), quiet: true, run: () => deps.speech.stopAll() }
        : null,
    ),
    handler('global.repeat', (text) =>
      REPEAT.test(text)
        ? { command: t('assistant.commands.repeat'), quiet: true, run: () => deps.speech.repeatLast() }
        : null,
    ),
    handler('global.faster', (text) =>
      FASTER.test(text) ? rate(RATE_STEP, 'assistant.commands.faster') : null,
    ),
    handler('global.slower', (text) =>
      SLOWER.test(text) ? rate(-RATE_STEP, 'assistant.commands.slower') : null,
    ),
    handler('global.openPage', (text) => {
      const spoken = norm(text);
      const candidates = PAGE_TARGETS.flatMap((target) =>
        [...target.nameKeys.map((k) => t(k)), ...target.aliases].map((name) => ({
          target,
          name: norm(name),
        })),
      ).filter(({ name }) => name && spoken.includes(name));
      if (candidates.length === 0) return null;
      // a bare page name counts only when it is all that was said
      const best = candidates.sort((a, b) => b.name.length - a.name.length)[0]!;
      if (!OPEN.test(text) && spoken !== best.name) return null;
      const name = t(best.target.nameKeys[0]!);
      return {
        command: t('assistant.commands.open', { page: name }),
        run: () => deps.navigate(best.target.path),
      };
    }),
    handler('global.sceneMode', (text) => {
      const spoken = norm(text);
      const found = deps.sceneModes
        .map((entry) => ({ entry, label: norm(t(entry.labelKey)) }))
        .filter(({ label }) => label && spoken.includes(label))
        .sort((a, b) => b.label.length - a.label.length)[0];
      if (!found) return null;
      if (!SWITCH.test(text) && spoken !== found.label) return null;
      return {
        command: t('assistant.commands.sceneMode', { mode: t(found.entry.labelKey) }),
        run: () => {
          deps.requestSceneMode(found.entry.id);
          if (deps.currentPath() !== '/see-for-me') deps.navigate('/see-for-me');
        },
      };
    }),
  ];
}
