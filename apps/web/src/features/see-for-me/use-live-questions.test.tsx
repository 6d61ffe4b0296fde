import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as assistant from '../assistant/index.ts';
import type { SceneController } from './scene/scene-controller.ts';
import { liveChannel, sceneMode } from './scene-modes.ts';
import { useLiveQuestions } from './use-live-questions.ts';

vi.mock('../assistant/index.ts', { spy: true });

describe('useLiveQuestions', () => {
  it('in a live mode, what the assistant hears that is no global command is asked of the scene', () => {
    const ask = vi.fn();
    const scene = { ask } as unknown as SceneController;
    const light = liveChannel('light', { intervalMs: 200, live: () => Promise.reject(new Error('unused')) });
    const { rerender, unmount } = renderHook(({ entry }) => useLiveQuestions(scene, entry), {
      initialProps: { entry: light },
    });
    expect(assistant.registerPageCommands).toHaveBeenCalledTimes(1);
    const match = vi.mocked(assistant.registerPageCommands).mock.calls[0]![1];
    const command = match('灯开着吗');
    expect(command?.quiet).toBe(true);
    void command?.run();
    expect(ask).toHaveBeenCalledWith('灯开着吗');
    // another mode: the page's commands are gone, and a mode without a channel registers none
    rerender({ entry: sceneMode('reading') });
    expect(assistant.registerPageCommands).toHaveBeenCalledTimes(1);
    unmount();
  });
});
