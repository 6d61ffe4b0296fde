import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loginAs, mockFetch, ok, renderApp, seedStorage } from '../../../test/test-utils.tsx';

const WARNING = {
  callId: '22222222-2222-4222-8222-222222222222',
  callAt: '2026-11-20T03:00:00.000Z',
  warnedAt: '2026-11-21T03:00:00.000Z',
  reason: 'harassment',
};

describe('call warnings in the personal centre', () => {
  it("shows the back office's warning after a report about one of the member's calls", async () => {
    loginAs({ userType: 1 });
    seedStorage({ privacyAccepted: 'true' });
    mockFetch((url) => ok(url === '/api/calls/warnings' ? { items: [WARNING] } : null));
    renderApp('/profile');
    const notices = await screen.findByRole('region', { name: '通话提醒' });
    expect(notices).toHaveTextContent(
      '您在 2026-11-20 的一次通话被对方举报（骚扰），经核实，我们向您发出警告。',
    );
  });

  it('shows nothing when the member was never warned', async () => {
    loginAs({ userType: 1 });
    seedStorage({ privacyAccepted: 'true' });
    const fetch = mockFetch((url) => ok(url === '/api/calls/warnings' ? { items: [] } : null));
    renderApp('/profile');
    await expect.poll(() => fetch.mock.calls.some(([url]) => url === '/api/calls/warnings')).toBe(true);
    expect(screen.queryByRole('region', { name: '通话提醒' })).toBeNull();
  });
});
