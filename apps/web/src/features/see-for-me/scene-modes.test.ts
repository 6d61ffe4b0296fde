import { LIVE_CHANNEL_MODES, SceneMode, Scenario } from '@sfm/protocol';
import { describe, expect, it, vi } from 'vitest';
import { en } from '../../i18n/en.ts';
import { zhCN } from '../../i18n/zh-CN.ts';
import { SceneController } from './scene/scene-controller.ts';
import { initialSceneMode, modesShown, SCENE_MODES, sceneMode, type SceneModeEntry } from './scene-modes.ts';
import { fakeDeps } from '../../../test/fakes/scene.ts';

describe('scene-mode registry', () => {
  it('has exactly one entry per protocol mode, each with a label in both languages', () => {
    expect(SCENE_MODES.map((m) => m.id).sort()).toEqual([...SceneMode.options].sort());
    for (const m of SCENE_MODES) {
      const key = m.labelKey.split('.').at(-1) as keyof typeof zhCN.seeForMe.modes;
      expect(zhCN.seeForMe.modes[key]).toMatch(/\S/);
      expect(en.seeForMe.modes[key]).toMatch(/\S/);
    }
  });

  it('declares the spec labels', () => {
    expect(zhCN.seeForMe.modes).toMatchObject({
      realtime: '实时',
      dialogue: '对话',
      move: '环境',
      reading: '阅读',
      observe: '观察',
      qa: '问答',
      move_go: '指令（测试版）',
    });
    expect(en.seeForMe.modes).toMatchObject({
      realtime: 'real-time',
      dialogue: 'conversation',
      move: 'environment',
      reading: 'reading',
      observe: 'observe',
      qa: 'Q&A',
      move_go: 'commands (beta)',
    });
  });

  it('auto modes capture every 10 s and a tap stops speech; others are on demand', () => {
    for (const id of ['realtime', 'move', 'move_lite', 'move_go', 'continuous'] as const) {
      expect(sceneMode(id)).toMatchObject({
        captureIntervalMs: 10_000,
        tap: 'stop-speech',
        listening: 'none',
      });
    }
    for (const id of ['dialogue', 'reading', 'observe', 'qa', 'click', 'diabetes', 'question'] as const) {
      expect(sceneMode(id).captureIntervalMs).toBe(0);
    }
    for (const id of ['observe', 'reading', 'click', 'diabetes'] as const)
      expect(sceneMode(id).tap).toBe('capture');
    expect(sceneMode('qa')).toMatchObject({ tap: 'voice-question', listening: 'single-question' });
    expect(sceneMode('question')).toMatchObject({ tap: 'voice-question', listening: 'single-question' });
    expect(sceneMode('dialogue')).toMatchObject({ tap: 'dialogue', listening: 'continuous' });
  });

  it('ding for observe, reading and qa only; compression and scenario per mode', () => {
    expect(
      SCENE_MODES.filter((m) => m.completionSound === 'ding')
        .map((m) => m.id)
        .sort(),
    ).toEqual(['observe', 'qa', 'reading']);
    expect(sceneMode('move_lite')).toMatchObject({ scenario: 'move', compression: 'lite' });
    expect(sceneMode('reading').compression).toBe('high');
    for (const m of SCENE_MODES) {
      // a live channel sends no scenario of its own: its fallback question goes out as another mode's
      if (m.live) expect(Scenario.safeParse(m.scenario).success).toBe(true);
      else if (m.id !== 'move_lite') expect(m.scenario).toBe(m.id);
      if (m.id !== 'move_lite' && m.id !== 'reading') expect(m.compression).toBe('standard');
    }
  });

  it('tab strip: realtime, dialogue, move; more scenes: reading, observe, qa, move_go, then the live channels; the rest hidden', () => {
    expect(modesShown('tab').map((m) => m.id)).toEqual(['realtime', 'dialogue', 'move']);
    const more = modesShown('more').map((m) => m.id);
    expect(more.slice(0, 4)).toEqual(['reading', 'observe', 'qa', 'move_go']);
    expect(more.slice(4).sort()).toEqual([...LIVE_CHANNEL_MODES].sort());
    expect(
      modesShown('hidden')
        .map((m) => m.id)
        .sort(),
    ).toEqual(['click', 'continuous', 'diabetes', 'move_lite', 'question']);
  });

  it('every live channel is a live entry: its tap goes to the channel, it loads its channel, it has a help line', () => {
    for (const id of LIVE_CHANNEL_MODES) {
      const m = sceneMode(id);
      expect(m).toMatchObject({
        tap: 'live',
        listening: 'none',
        completionSound: 'none',
        visibility: 'more',
      });
      expect(m.captureIntervalMs).toBeGreaterThan(0);
      expect(m.captureIntervalMs).toBeLessThanOrEqual(1_000);
      expect(typeof m.live).toBe('function');
      expect(m.summaryKey).toBe(`seeForMe.modeSummaries.${id}`);
    }
  });

  it('default scene: realtime, dialogue when saved so', () => {
    expect(initialSceneMode(null)).toBe('realtime');
    expect(initialSceneMode('reading')).toBe('realtime');
    expect(initialSceneMode('dialogue')).toBe('dialogue');
  });

  it('adding a mode is adding an entry: the controller and the strip pick it up', async () => {
    const extra: SceneModeEntry = {
      ...sceneMode('observe'),
      id: 'diabetes',
      labelKey: 'seeForMe.modes.diabetes',
      visibility: 'more',
      scenario: 'diabetes',
      compression: 'high',
    };
    const registry = [...SCENE_MODES.filter((m) => m.id !== 'diabetes'), extra];
    expect(modesShown('more', registry).map((m) => m.id)).toContain('diabetes');
    const { deps, analyze } = fakeDeps({ registry });
    const scene = new SceneController(deps, 'diabetes');
    scene.setCameraReady(true);
    scene.tap();
    await vi.waitFor(() => expect(analyze).toHaveBeenCalled());
    expect(analyze.mock.calls[0]?.[0]).toMatchObject({ scenario: 'diabetes', compression: 'high' });
  });
});
