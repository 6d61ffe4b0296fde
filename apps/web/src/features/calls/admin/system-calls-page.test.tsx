import type { IncomingCall } from '@sfm/protocol/calls';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../session/index.ts';
import { SystemCallsPage } from './system-calls-page.tsx';

/** A socket whose `queue` the test pushes. */
function fakeQueueSocket() {
  let onQueue: ((payload: { calls: IncomingCall[] }) => void) | null = null;
  const socket = {
    on: (event: string, handler: (payload: { calls: IncomingCall[] }) => void) => {
      if (event === 'queue') onQueue = handler;
      return socket;
    },
    disconnect: () => socket,
  };
  return {
    open: async () => socket as unknown as Socket,
    push: (calls: IncomingCall[]) => act(() => onQueue?.({ calls })),
  };
}

const NOW = new Date('2030-06-15T10:00:00Z').getTime();
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

// the page's clock stands still at NOW: the waiting times are exact
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('/bme_admin/system-calls', () => {
  it('shows who waits, in which language, for how long and what the AI saw, oldest first', async () => {
    useSession.setState({ adminToken: 'adm-1' });
    const queue = fakeQueueSocket();
    render(
      <I18nextProvider i18n={i18n}>
        <SystemCallsPage openSocket={queue.open} />
      </I18nextProvider>,
    );
    await userEvent.click(screen.getByRole('switch'));
    queue.push([
      {
        callId: '00000000-0000-4000-8000-000000000001',
        seekerName: '小明',
        language: 'yue',
        context: { description: '一个白色药盒，写着布洛芬。', imageUrl: '/api/vision/images/abc.jpg' },
        askedAt: ago(80),
      },
      {
        callId: '00000000-0000-4000-8000-000000000002',
        seekerName: '',
        language: 'zh',
        context: null,
        askedAt: ago(12),
      },
    ]);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('小明，粤语，已等待 1 分 20 秒');
    expect(items[0]).toHaveTextContent('AI 看到的：一个白色药盒，写着布洛芬。');
    expect(within(items[0]!).getByRole('img', { name: '求助者分享的照片' })).toHaveAttribute(
      'src',
      '/api/vision/images/abc.jpg',
    );
    expect(within(items[0]!).getByRole('button', { name: '接听 小明 的求助' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('一位求助者，普通话，已等待 12 秒');
    expect(within(items[1]!).queryByRole('img')).toBeNull();
  });
});
