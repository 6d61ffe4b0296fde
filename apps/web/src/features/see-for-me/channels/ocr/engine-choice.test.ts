import { describe, expect, it } from 'vitest';
import { DEVICE_BUDGET_MS, EngineChoice, median, TIMED_READINGS } from './engine-choice.ts';

describe('EngineChoice', () => {
  it('stays on the device while its median reading is within the budget, one slow reading or not', () => {
    const choice = new EngineChoice();
    for (const ms of [4000, 600, 700, 650, 800, 900, 5000]) choice.recordDevice(ms);
    expect(choice.engine).toBe('device');
  });

  it('moves to the server once the median of the last readings is over the budget, and stays there', () => {
    const choice = new EngineChoice();
    for (let i = 0; i < TIMED_READINGS - 1; i++) choice.recordDevice(DEVICE_BUDGET_MS + 400);
    expect(choice.engine).toBe('device');
    choice.recordDevice(DEVICE_BUDGET_MS + 400);
    expect(choice.engine).toBe('server');
    for (let i = 0; i < TIMED_READINGS; i++) choice.recordDevice(100);
    expect(choice.engine).toBe('server');
  });

  it('judges the latest readings only: a device that got slow moves', () => {
    const choice = new EngineChoice();
    for (let i = 0; i < 10; i++) choice.recordDevice(500);
    for (let i = 0; i < 3; i++) choice.recordDevice(3000);
    expect(choice.engine).toBe('server');
  });

  it('a device whose models did not load goes to the server at once', () => {
    const choice = new EngineChoice();
    choice.deviceFailed();
    expect(choice.engine).toBe('server');
  });

  it('a forced engine never changes', () => {
    const device = new EngineChoice('device');
    for (let i = 0; i < 10; i++) device.recordDevice(9000);
    expect(device.engine).toBe('device');
    const server = new EngineChoice('server');
    expect(server.engine).toBe('server');
  });
});

describe('median', () => {
  it('of odd and even counts', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
