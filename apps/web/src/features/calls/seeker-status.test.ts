import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { callsEn } from '../../i18n/calls/en.ts';
import { CALLS_NS } from '../../i18n/calls/index.ts';
import type { CallPhase } from './call-phase.ts';
import { seekerStatus } from './seeker-status.ts';
import { INITIAL_CALL_STATE, type CallSessionState } from './call-state.ts';

const state = (phase: CallPhase, over: Partial<CallSessionState> = {}): CallSessionState => ({
  ...INITIAL_CALL_STATE,
  phase,
  ...over,
});

const zh = i18n.getFixedT('zh-CN', CALLS_NS);

async function englishT(): Promise<TFunction> {
  const en = i18next.createInstance();
  await en.init({
    lng: 'en',
    resources: { en: { [CALLS_NS]: callsEn } },
    defaultNS: CALLS_NS,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return en.t;
}

describe('each side hears its own words', () => {
  it.each<[CallSessionState, string]>([
    [state('idle'), ''],
    [state('idle', { error: '无法打开摄像头或麦克风' }), '无法打开摄像头或麦克风'],
    [state('requesting'), '正在呼叫志愿者…'],
    [state('ringing'), '正在呼叫志愿者，请稍候'],
    [state('queued'), '还在为您寻找志愿者，请稍候'],
    [state('connected', { peerName: '热心志愿者' }), '已接通志愿者 热心志愿者'],
    [state('connected'), '已接通志愿者'],
    [state('reconnecting'), '网络不稳定，正在重新连接…'],
    [state('ended', { endReason: 'hang_up' }), '通话已结束'],
    [state('ended', { endReason: 'connection_lost' }), '对方已断开，通话结束'],
    [state('noAnswer'), '暂时没有志愿者接听'],
    [state('cancelled'), '已取消呼叫'],
    // a page gone without a hang-up (a reload, a network change), and its return
    [state('peerAway'), '对方网络中断，正在等待重连'],
    [state('connected', { peerName: '热心志愿者', reconnected: true }), '已重新连接'],
    [state('rejoining'), '正在回到刚才的通话…'],
    [state('ended', { endReason: 'connection_lost', lostWhileAway: true }), '刚才的通话已中断'],
  ])('the help-seeker in %o hears "%s"', (s, words) => {
    expect(seekerStatus(s, zh)).toBe(words);
  });

  it('connected: the seeker reached a volunteer, the volunteer (calls.state.connected) a help-seeker', async () => {
    expect(zh('state.connected', { name: '小明' })).toBe('已接通求助者 小明');
    expect(zh('state.connectedNoName')).toBe('已接通求助者');
    const en = await englishT();
    expect(seekerStatus(state('connected', { peerName: 'Ann' }), en)).toBe('Connected to volunteer Ann');
    expect(seekerStatus(state('connected'), en)).toBe('Connected to a volunteer');
    expect(en('state.connected', { name: 'Bo' })).toBe('Connected to help-seeker Bo');
    expect(en('state.connectedNoName')).toBe('Connected to a help-seeker');
  });

  it('while volunteers are rung, the seeker hears how many were notified so far', async () => {
    expect(seekerStatus(state('ringing'), zh, 12)).toBe('已通知 12 位志愿者，还在等待');
    // nothing counted yet: the plain ringing words
    expect(seekerStatus(state('ringing'), zh, 0)).toBe('正在呼叫志愿者，请稍候');
    // the count is only for the ringing phase
    expect(seekerStatus(state('queued'), zh, 12)).toBe('还在为您寻找志愿者，请稍候');
    const en = await englishT();
    expect(seekerStatus(state('ringing'), en, 3)).toBe('Volunteers notified so far: 3. Still waiting');
  });
});
