import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loginAs, mockFetch, ok, renderApp, seedStorage, testUser } from '../../../test/test-utils.tsx';
import { useSession } from '../../session/index.ts';

describe('/role-select', () => {
  it('saves the role with PATCH /api/users/me, stores the user and follows the redirect', async () => {
    loginAs({ userType: null });
    seedStorage({ privacyAccepted: 'true' });
    const fetch = mockFetch(() => ok(testUser({ userType: 1 })));
    const { router } = renderApp('/role-select?redirect=%2Fvolunteer-calls');
    expect(screen.getByRole('heading', { level: 1, name: '选择您的身份' })).toBeInTheDocument();
    const seeker = screen.getByRole('button', { name: '我需要视觉帮助' });
    expect(seeker).toHaveAccessibleDescription(/AI/);
    await userEvent.click(screen.getByRole('button', { name: '我是志愿者' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/volunteer-calls'));
    // the shell's voice button asks what the server can hear: the save is the call that matters
    const [url, init] = fetch.mock.calls.find(([u]) => String(u) !== '/api/capabilities')!;
    expect(url).toBe('/api/users/me');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ userType: 1 });
    expect(useSession.getState().user?.userType).toBe(1);
    expect(JSON.parse(localStorage.getItem('user')!).userType).toBe(1);
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('已选择：志愿者'));
  });

  it('takes a new volunteer to /volunteer-calls without a redirect', async () => {
    loginAs({ userType: null });
    seedStorage({ privacyAccepted: 'true' });
    mockFetch(() => ok(testUser({ userType: 1 })));
    const { router } = renderApp('/role-select');
    await userEvent.click(screen.getByRole('button', { name: '我是志愿者' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/volunteer-calls'));
  });

  it('goes to /see-for-me without a redirect', async () => {
    loginAs({ userType: null });
    seedStorage({ privacyAccepted: 'true' });
    mockFetch(() => ok(testUser({ userType: 0 })));
    const { router } = renderApp('/role-select');
    await userEvent.click(screen.getByRole('button', { name: '我需要视觉帮助' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/see-for-me'));
  });
});
