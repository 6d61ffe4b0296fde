import { describe, expect, it } from 'vitest';
import { RegisterRequest, UpdateMeRequest, translateMessage, localeFromAcceptLanguage } from './index.ts';

describe('phone and password rules', () => {
  it('accepts a mainland mobile number, a 6-digit code and an 8-character password', () => {
    expect(
      RegisterRequest.safeParse({ phone: '13800138000', code: '123456', password: '12345678' }).success,
    ).toBe(true);
    // the phone is proven first: no code, no account
    expect(RegisterRequest.safeParse({ phone: '13800138000', password: '12345678' }).success).toBe(false);
  });

  it.each(['12800138000', '1380013800', '138001380001', '+8613800138000', 'abcdefghijk'])(
    'rejects %s with the phone message',
    (phone) => {
      const r = RegisterRequest.safeParse({ phone, password: '12345678' });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('errors.phone_invalid');
    },
  );

  it('rejects a short password', () => {
    const r = RegisterRequest.safeParse({ phone: '13800138000', code: '123456', password: '1234567' });
    expect(r.error?.issues[0]?.message).toBe('errors.password_too_short');
  });

  it('rejects unknown fields', () => {
    expect(
      RegisterRequest.safeParse({ phone: '13800138000', password: '12345678', admin: true }).success,
    ).toBe(false);
  });
});

describe('profile update', () => {
  it('needs at least one field', () => {
    expect(UpdateMeRequest.safeParse({}).error?.issues[0]?.message).toBe('errors.nothing_to_update');
  });
  it('accepts a role and a speech rate in range only', () => {
    expect(UpdateMeRequest.safeParse({ userType: 1, speechRate: 1.5 }).success).toBe(true);
    expect(UpdateMeRequest.safeParse({ userType: 2 }).success).toBe(false);
    expect(UpdateMeRequest.safeParse({ speechRate: 5 }).success).toBe(false);
  });
});

describe('message catalogue', () => {
  it('translates keys in both locales and fills placeholders', () => {
    expect(translateMessage('errors.phone_invalid')).toBe('请输入有效的 11 位手机号');
    expect(translateMessage('errors.rate_limited', 'en', { seconds: 30 })).toBe(
      'too many requests, please retry in 30 s',
    );
  });
  it('falls back to the generic text for an unknown key', () => {
    expect(translateMessage('Invalid input')).toBe('请求参数有误');
  });
  it('picks English only when the browser prefers it', () => {
    expect(localeFromAcceptLanguage('en-US,en;q=0.9')).toBe('en');
    expect(localeFromAcceptLanguage('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(localeFromAcceptLanguage(undefined)).toBe('zh-CN');
  });
});
