import type { SceneMode } from '@sfm/protocol';
import { routes } from '../../ui/routes.ts';
import { HandlerPriority, type CommandHandler, type CommandMatch } from './handler-registry.ts';

export interface GlobalCommandDeps {
  t: (key: string, params?: Record<string, unknown>) => string;
  speech: { repeatLast(): Promise<void>; stopAll(): void; speak(text: string): Promise<void> };
  /** The scene modes to switch to by name (the see-for-me registry, given by the app). */
  sceneModes: readonly VoiceSceneMode[];
  requestSceneMode(mode: SceneMode): void;
  /** The pages to open by name (from the features' manifests). */
  pages: readonly VoicePage[];
  navigate(path: string): void;
  currentPath(): string;
  /** Changes the stored speech rate by delta (clamped to 0.5–3); returns the new rate. */
  stepSpeechRate(delta: number): number;
}

/**
 * A scene mode as the assistant switches to it: its id and the i18n key of its name. The see-for-me
 * registry's entries are these; the app hands them over, so the assistant never imports see-for-me
 * (whose screen listens to the assistant's requests).
 */
export interface VoiceSceneMode {
  id: SceneMode;
  labelKey: string;
}

/** A page the assistant can open by name: the i18n key of its name, and spoken aliases. */
export interface VoicePage {
  path: string;
  nameKey: string;
  aliases: readonly string[];
}

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
      const candidates = deps.pages
        .flatMap((page) => [t(page.nameKey), ...page.aliases].map((name) => ({ page, name: norm(name) })))
        .filter(({ name }) => name && spoken.includes(name));
      if (candidates.length === 0) return null;
      // a bare page name counts only when it is all that was said
      const best = candidates.sort((a, b) => b.name.length - a.name.length)[0]!;
      if (!OPEN.test(text) && spoken !== best.name) return null;
      return {
        command: t('assistant.commands.open', { page: t(best.page.nameKey) }),
        run: () => deps.navigate(best.page.path),
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
          if (deps.currentPath() !== routes.seeForMe) deps.navigate(routes.seeForMe);
        },
      };
    }),
  ];
}
