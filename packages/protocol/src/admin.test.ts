import { describe, expect, it } from 'vitest';
import adminEn from './messages/admin.en.json' with { type: 'json' };
import adminZhCN from './messages/admin.zh-CN.json' with { type: 'json' };
import { apiMessages, isMessageKey, translateMessage } from './messages.ts';

describe('the back office part of the contract', () => {
  it('has its own catalogue, in both languages, apart from the main one', () => {
    expect(Object.keys(adminEn.errors).sort()).toEqual(Object.keys(adminZhCN.errors).sort());
    for (const key of Object.keys(adminZhCN.errors))
      expect(apiMessages['zh-CN'].errors).not.toHaveProperty(key);
  });

  it('adds that catalogue when @sfm/protocol/admin is imported', async () => {
    await import('./admin-entry.ts');
    expect(isMessageKey('errors.date_range_invalid')).toBe(true);
    expect(translateMessage('errors.date_range_invalid', 'en')).toBe(
      'the start date may not be after the end date',
    );
    expect(translateMessage('errors.admin_self_change')).toBe('不能停用自己的账号');
  });

  it('checks days and ranges, and masks phones', async () => {
    const { Day, DateRangeQuery, maskPhone } = await import('./admin-entry.ts');
    expect(Day.safeParse('2024-02-29').success).toBe(true);
    for (const bad of ['2025-02-29', '2025-13-01', '2025-1-1', '']) {
      expect(Day.safeParse(bad).error?.issues[0]?.message).toBe('errors.date_invalid');
    }
    expect(DateRangeQuery.safeParse({ from: '2025-03-02', to: '2025-03-01' }).error?.issues[0]?.message).toBe(
      'errors.date_range_invalid',
    );
    expect(DateRangeQuery.safeParse({ from: '2024-01-01', to: '2025-01-01' }).error?.issues[0]?.message).toBe(
      'errors.date_range_too_long',
    );
    expect(maskPhone('13812345678')).toBe('138****5678');
  });
});
