import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { registerPageCommands } from '../assistant/index.ts';
import type { SceneController } from './scene/scene-controller.ts';
import type { SceneModeEntry } from './scene-modes.ts';

/**
 * In a live channel's mode, what the user says to the voice assistant that is no global command
 * ("灯开着吗", "找杯子") is a question for the channel, and else for the engine, about what is in view.
 * The channel's answer speaks for itself.
 */
export function useLiveQuestions(scene: SceneController, entry: SceneModeEntry): void {
  const { t } = useTranslation();
  const live = Boolean(entry.live);
  useEffect(() => {
    if (!live) return undefined;
    return registerPageCommands('see-for-me-live-question', (text) => ({
      command: t('seeForMe.live.question'),
      quiet: true,
      run: () => scene.ask(text),
    }));
  }, [scene, live, t]);
}
