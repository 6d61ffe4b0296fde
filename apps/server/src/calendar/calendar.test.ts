import { describe, expect, it } from 'vitest';
import { addDays, dayIn, daysFrom } from './calendar.ts';

describe('calendar', () => {
  it('names the day in the given zone, not in UTC', () => {
    const lateUtcEvening = new Date('2025-03-01T16:30:00Z');
    expect(dayIn(lateUtcEvening, 'UTC')).toBe('2025-03-01');
    expect(dayIn(lateUtcEvening, 'Asia/Shanghai')).toBe('2025-03-02');
    expect(dayIn(new Date('2025-03-01T15:59:59Z'), 'Asia/Shanghai')).toBe('2025-03-01');
  });

  it('steps over month and leap-year ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysFrom('2024-12-30', '2025-01-02')).toEqual([
      '2024-12-30',
      '2024-12-31',
      '2025-01-01',
      '2025-01-02',
    ]);
    expect(daysFrom('2025-01-02', '2025-01-01')).toEqual([]);
  });
});
