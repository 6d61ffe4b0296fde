import { describe, expect, it } from 'vitest';
import { sceneEntryOf } from './scene-entry.ts';

describe('a market scene as a registry entry', () => {
  it('borrows its base mode’s behaviour and asks its prompt', () => {
    expect(sceneEntryOf({ behaviour: 'tap', intervalSeconds: null, prompt: '读药盒' })).toMatchObject({
      id: 'observe',
      tap: 'capture',
      captureIntervalMs: 0,
      scenario: 'question',
      prompt: '读药盒',
      completionSound: 'ding',
    });
    expect(sceneEntryOf({ behaviour: 'auto', intervalSeconds: 5, prompt: '公交几路' })).toMatchObject({
      id: 'realtime',
      tap: 'stop-speech',
      captureIntervalMs: 5_000,
    });
    expect(sceneEntryOf({ behaviour: 'voice', intervalSeconds: null, prompt: '问' })).toMatchObject({
      id: 'qa',
      tap: 'voice-question',
      listening: 'single-question',
    });
  });
});
