import { AVATAR_PHOTO } from '@sfm/protocol/user-photos';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { loginAs, mockFetch, ok, renderApp, seedStorage } from '../../../test/test-utils.tsx';
import { downsizePhotoFile } from '../../ui/photo-downsize.ts';

// jsdom cannot decode images: the downsizing itself runs in the browser test (e2e/personal-centre)
// a spy on the module itself: an async factory (importActual) raced the pages' preload, which at
// times got the real module, and the test never saw its call
vi.mock('../../ui/photo-downsize.ts', { spy: true });
const downsized = () =>
  vi.mocked(downsizePhotoFile).mockResolvedValue(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])]));

const AVATAR_URL = '/api/user-photos/u1/p1?exp=1&sig=s';

function open(avatar: string | null) {
  loginAs({ userType: 0, nickname: 'Ming' });
  seedStorage({ privacyAccepted: 'true' });
  const fetch = mockFetch((url, init) => {
    if (url !== '/api/users/me/avatar') return ok(null);
    if (init.method === 'PUT') return ok({ url: AVATAR_URL });
    return ok({ url: init.method === 'DELETE' ? null : avatar });
  });
  renderApp('/profile');
  return fetch;
}

describe('/profile: avatar', () => {
  it('shows a default picture named after the user until one is chosen', async () => {
    open(null);
    expect(await screen.findByRole('img', { name: 'Ming的默认头像' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '移除头像' })).toBeNull();
  });

  it('a chosen photo is downsized to the avatar size, uploaded, shown and said', async () => {
    downsized();
    const fetch = open(null);
    // the page is loaded lazily and its avatar asked of the server: choose once both have settled,
    // or the input chosen from may be replaced by the next render (a fresh-clone run under load)
    await screen.findByRole('img', { name: 'Ming的默认头像' });
    await userEvent.upload(
      screen.getByLabelText('选择头像照片'),
      new File(['photo'], 'me.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(downsizePhotoFile).toHaveBeenCalledWith(expect.any(File), AVATAR_PHOTO));
    const img = await screen.findByRole('img', { name: 'Ming的头像' });
    expect(img.getAttribute('src')).toMatch(/\/api\/user-photos\/u1\/p1\?exp=1&sig=s$/);
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('头像已更新'));
    const put = fetch.mock.calls.find(
      ([url, init]) => url === '/api/users/me/avatar' && init?.method === 'PUT',
    )!;
    expect(JSON.parse(String(put[1]?.body))).toEqual({ image: '/9j/4A==' });
  });

  it('"remove avatar" goes back to the default picture', async () => {
    const fetch = open(AVATAR_URL);
    await userEvent.click(await screen.findByRole('button', { name: '移除头像' }));
    expect(await screen.findByRole('img', { name: 'Ming的默认头像' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('头像已移除'));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });
});
