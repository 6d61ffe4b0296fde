import { describe, expect, it } from 'vitest';
import { FEATURES, featuresFor, lookup, navSlots, shellHides, voicePages } from './features.ts';
import { accessOf } from './guards.ts';

const paths = (native: boolean) => featuresFor(native).flatMap((f) => f.routes.map((r) => r.path));

describe('feature manifests', () => {
  it('declare each path once', () => {
    const all = FEATURES.flatMap((f) => f.routes.map((r) => r.path));
    expect(new Set(all).size).toBe(all.length);
  });

  it('the native app has no admin area, but keeps the market pages (only their nav item goes)', () => {
    expect(paths(false)).toContain('/bme_admin/*');
    expect(paths(true).filter((p) => p.startsWith('/bme_admin'))).toEqual([]);
    expect(paths(true)).toContain('/market');
    expect(navSlots(featuresFor(true), true).map((s) => s.id)).toEqual([
      'aichat',
      'see-for-me',
      'volunteer',
      'profile',
    ]);
  });

  it('give the voice assistant the pages it opens by name, in the order it weighs them', () => {
    expect(voicePages(featuresFor(false))).toEqual([
      { path: '/', nameKey: 'assistant.pages.home', aliases: ['首页', '主页', 'home'] },
      { path: '/profile', nameKey: 'nav.profile', aliases: ['个人中心', '我的', 'profile'] },
      { path: '/see-for-me', nameKey: 'nav.seeForMe', aliases: ['帮我看看', 'see for me'] },
      { path: '/aichat', nameKey: 'nav.aichat', aliases: ['陪我聊聊', '聊天', 'chat'] },
      { path: '/market', nameKey: 'nav.market', aliases: ['市场', 'market'] },
      { path: '/points-logs', nameKey: 'pages.pointsLogs', aliases: ['积分', 'points'] },
      {
        path: '/points-recharge',
        nameKey: 'pages.pointsRecharge',
        aliases: ['充值', '会员', 'recharge', 'vip'],
      },
      { path: '/help', nameKey: 'pages.help', aliases: ['帮助', 'help'] },
      { path: '/video-call', nameKey: 'pages.videoCall', aliases: ['视频求助', 'video call'] },
      {
        path: '/operation-settings',
        nameKey: 'pages.operationSettings',
        aliases: ['操作设置', '设置', 'settings'],
      },
      { path: '/speech-debug', nameKey: 'pages.speechDebug', aliases: ['语音调试', 'speech debug'] },
    ]);
  });

  it('match paths as the guard always did: exactly, case-sensitively, with :params, trailing / ignored', () => {
    expect(lookup('/market/scene/add').route?.path).toBe('/market/scene/add');
    expect(lookup('/market/scene/9').route?.path).toBe('/market/scene/:id');
    expect(accessOf('/login/')).toBe('public');
    expect(accessOf('/Login')).toBe('user');
    expect(accessOf('/market/use')).toBe('user');
    expect(accessOf('/bme_admin/no-such-page')).toBe('admin');
    expect(accessOf('/bme_administrator')).toBe('user');
  });

  it('say which pages go without parts of the shell', () => {
    expect(shellHides('/', 'header')).toBe(true);
    expect(shellHides('/login', 'header')).toBe(false);
    expect(shellHides('/login', 'bottomNav')).toBe(true);
    expect(shellHides('/bme_admin/users', 'bottomNav')).toBe(true);
    expect(shellHides('/bme_admin/users', 'privacyGate')).toBe(false);
    expect(shellHides('/download', 'privacyGate')).toBe(true);
  });
});
