import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginAs } from '../../../test/test-utils.tsx';
import { i18n } from '../../i18n/index.ts';
import type * as CallMedia from './call-media.ts';
import { resumableCall } from './call-resume.ts';
import { VideoCallPage } from './video-call-page.tsx';
import { VolunteerCallsPage } from './volunteer-calls-page.tsx';

/** The page's socket as the server sees it: what the page emitted, and a hand to send it events. */
class FakeCallsSocket {
  connected = true;
  readonly emitted: { event: string; data: unknown }[] = [];
  private readonly handlers = new Map<string, ((data: unknown) => void)[]>();
  on(event: string, handler: (data: unknown) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  once(event: string, handler: (data: unknown) => void) {
    return this.on(event, handler);
  }
  emit(event: string, data?: unknown) {
    this.emitted.push({ event, data });
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  /** The server sends `event`. */
  server(event: string, data?: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(data);
  }
  sent(event: string) {
    return this.emitted.filter((e) => e.event === event).map((e) => e.data);
  }
}

let socket: FakeCallsSocket;
vi.mock('./calls-socket.ts', () => ({ openCallsSocket: () => Promise.resolve(socket) }));
const noMedia = { getTracks: () => [], getVideoTracks: () => [], getAudioTracks: () => [] };
vi.mock('./call-media.ts', async (original) => ({
  ...(await original<typeof CallMedia>()),
  openSeekerMedia: () => Promise.resolve(noMedia),
  openHelperMedia: () => Promise.resolve(noMedia),
}));
vi.mock('./ringer.ts', () => ({ startRinging: () => () => undefined }));

const CALL = '00000000-0000-4000-8000-00000000c001';
const OTHER_CALL = '00000000-0000-4000-8000-00000000c002';
const status = () => document.querySelector('.call-status')?.textContent ?? '';

/** Renders `page` signed in, its socket connected once the page wired it. */
async function open(page: React.ReactNode, userType: 0 | 1) {
  loginAs({ userType, nickname: '测试' });
  render(<I18nextProvider i18n={i18n}>{page}</I18nextProvider>);
  await waitFor(() => expect(screen.queryByRole('heading', { level: 1 })).not.toBeNull());
  socket.server('connect');
}

beforeEach(() => {
  socket = new FakeCallsSocket();
});
afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('the seeker’s call page', () => {
  it('says how many volunteers were notified, for the call ringing now only', async () => {
    await open(<VideoCallPage />, 0);
    await userEvent.click(await screen.findByRole('button', { name: '呼叫志愿者' }));
    expect(socket.sent('requestCall')).toHaveLength(1);
    socket.server('callRinging', { callId: CALL, stage: 'volunteers' });
    await waitFor(() => expect(status()).toBe('正在呼叫志愿者，请稍候'));
    // an older call's count is not this call's news
    socket.server('ringProgress', { callId: OTHER_CALL, notified: 30 });
    socket.server('ringProgress', { callId: CALL, notified: 12 });
    await waitFor(() => expect(status()).toBe('已通知 12 位志愿者，还在等待'));
  });

  it('opened again in the tab of a call (a reload) returns to it, and says when it was cut off meanwhile', async () => {
    resumableCall.remember('/calls', CALL);
    await open(<VideoCallPage />, 0);
    expect(status()).toBe('正在回到刚才的通话…');
    // the call's controls are there at once, not 呼叫志愿者
    expect(screen.getByRole('button', { name: '挂断' })).toBeDefined();
    expect(socket.sent('rejoinCall')).toEqual([{ callId: CALL, fresh: true }]);

    socket.server('callEnded', { callId: CALL, reason: 'connection_lost' });
    await waitFor(() => expect(status()).toBe('刚才的通话已中断'));
    expect(resumableCall.recall('/calls')).toBeNull();
    expect(screen.getByRole('button', { name: '呼叫志愿者' })).toBeDefined();
  });
});

describe('the volunteer’s page', () => {
  it('answers a ring once, however many times 接听 is pressed before the call connects', async () => {
    await open(<VolunteerCallsPage />, 1);
    socket.server('incomingCall', {
      callId: CALL,
      seekerName: '小明',
      language: 'zh',
      context: null,
      askedAt: new Date().toISOString(),
    });
    const accept = await screen.findByRole('button', { name: '接听' });
    await userEvent.click(accept);
    await userEvent.click(accept);
    await userEvent.keyboard('{Enter}');
    expect(socket.sent('acceptCall')).toEqual([{ callId: CALL }]);
    // the ring stays (naming who asks) until the server connects the call
    expect(status()).toBe('小明 正在求助');
  });
});
