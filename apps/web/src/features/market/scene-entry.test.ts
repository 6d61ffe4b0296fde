import { describe, expect, it } from 'vitest';
import { sceneEntryOf } from './scene-entry.ts';

const id = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';

describe('a market scene as a registry entry', () => {
  it('borrows its base mode’s behaviour and asks its prompt, naming the scene for its price', () => {
    expect(sceneEntryOf({ id, behaviour: 'tap', intervalSeconds: null, prompt: '读药盒' })).toMatchObject({
      id: 'observe',
      tap: 'capture',
      captureIntervalMs: 0,
      scenario: 'question',
      prompt: '读药盒',
      sceneId: id,
      completionSound: 'ding',
    });
    expect(sceneEntryOf({ id, behaviour: 'auto', intervalSeconds: 5, prompt: '公交几路' })).toMatchObject({
      id: 'realtime',
      tap: 'stop-speech',
      captureIntervalMs: 5_000,
    });
    expect(sceneEntryOf({ id, behaviour: 'voice', intervalSeconds: null, prompt: '问' })).toMatchObject({
      id: 'qa',
      tap: 'voice-question',
      listening: 'single-question',
    });
  });
});
