import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FEEDBACK_PHOTO } from '@sfm/protocol/user-photos';
import { describe, expect, it, vi } from 'vitest';
import { loginAs, mockFetch, ok, renderApp, seedStorage } from '../../../test/test-utils.tsx';
import { downsizePhotoFile } from '../../ui/photo-downsize.ts';

// jsdom cannot decode images: the downsizing itself runs in the browser test (e2e/personal-centre)
// a spy on the module itself: an async factory (importActual) raced the pages' preload, which at
// times got the real module, and the test never saw its call
vi.mock('../../ui/photo-downsize.ts', { spy: true });
const downsized = () =>
  vi.mocked(downsizePhotoFile).mockResolvedValue(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])]));

// antd tables in jsdom are slow on a busy machine
vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 10_000 };

const FEEDBACK = {
  id: '11111111-1111-4111-8111-111111111111',
  createdAt: '2026-11-26T04:00:00.000Z',
  category: 'suggestion',
  text: '字再大一点',
  contactConsent: true,
  reply: null,
  repliedAt: null,
  photoUrl: null,
};

describe('/contact-us', () => {
  it('sends the feedback, confirms it and lists it; an empty text is refused', async () => {
    loginAs({ userType: 0 });
    seedStorage({ privacyAccepted: 'true' });
    const mine: unknown[] = [];
    const fetch = mockFetch((url, init) => {
      if (url === '/api/feedback' && init.method === 'POST') {
        mine.push(FEEDBACK);
        return ok(FEEDBACK);
      }
      if (url === '/api/feedback/mine') return ok({ items: mine });
      return ok(null);
    });
    renderApp('/contact-us');
    expect(await screen.findByText('您还没有提交过反馈')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '提交反馈' }));
    expect(screen.getByRole('textbox', { name: '反馈内容' })).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByTestId('live-alert')).toHaveTextContent('请填写反馈内容'));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: '反馈类型' }), 'suggestion');
    await userEvent.type(screen.getByRole('textbox', { name: '反馈内容' }), '字再大一点');
    await userEvent.click(screen.getByRole('checkbox', { name: '同意工作人员通过手机号联系我' }));
    await userEvent.click(screen.getByRole('button', { name: '提交反馈' }));
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('反馈已提交'));
    const post = fetch.mock.calls.find(([url, init]) => url === '/api/feedback' && init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({
      category: 'suggestion',
      text: '字再大一点',
      contactConsent: true,
    });
    const list = screen.getByRole('region', { name: '我的反馈与回复' });
    expect(await within(list).findByText('字再大一点')).toBeInTheDocument();
    expect(within(list).getByText('尚未回复')).toBeInTheDocument();

    // a second, empty send: the new problem is shown, and the earlier "sent" is gone
    const form = screen.getByRole('region', { name: '写反馈' });
    expect(within(form).getByText(/反馈已提交/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '提交反馈' }));
    await waitFor(() => expect(within(form).queryByText(/反馈已提交/)).toBeNull());
    expect(screen.getByRole('textbox', { name: '反馈内容' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('attaches a downsized photo, previews it and sends it with the feedback', async () => {
    downsized();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:p', revokeObjectURL: vi.fn() }));
    loginAs({ userType: 0 });
    seedStorage({ privacyAccepted: 'true' });
    const fetch = mockFetch((url) => (url === '/api/feedback' ? ok(FEEDBACK) : ok(null)));
    renderApp('/contact-us');
    await userEvent.type(screen.getByRole('textbox', { name: '反馈内容' }), '按钮看不到');
    await userEvent.upload(
      screen.getByLabelText('附上截图或照片（可选）'),
      new File(['shot'], 'shot.png', { type: 'image/png' }),
    );
    // the picker downsizes on its change event; on a loaded machine that may land after upload() returns
    await waitFor(() => expect(downsizePhotoFile).toHaveBeenCalledWith(expect.any(File), FEEDBACK_PHOTO));
    expect(await screen.findByRole('img', { name: '要附上的照片' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('已附上照片'));
    await userEvent.click(screen.getByRole('button', { name: '提交反馈' }));
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('反馈已提交'));
    const post = fetch.mock.calls.find(([url, init]) => url === '/api/feedback' && init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toMatchObject({ text: '按钮看不到', photo: '/9j/4A==' });
    // sent: the form is empty again
    expect(screen.queryByRole('img', { name: '要附上的照片' })).toBeNull();
  });

  it('the personal centre shows the reply and the photo sent', async () => {
    loginAs({ userType: 0 });
    seedStorage({ privacyAccepted: 'true' });
    mockFetch((url) =>
      url === '/api/feedback/mine'
        ? ok({
            items: [
              {
                ...FEEDBACK,
                reply: '下个版本就改',
                repliedAt: '2026-11-26T05:00:00.000Z',
                photoUrl: '/api/user-photos/u/p.jpg?exp=1&sig=s',
              },
            ],
          })
        : ok(null),
    );
    renderApp('/profile');
    expect(await screen.findByText('回复：下个版本就改')).toBeInTheDocument();
    // the photo they attached, named for a screen reader
    expect(screen.getByRole('img', { name: '您附上的照片' })).toHaveAttribute(
      'src',
      '/api/user-photos/u/p.jpg?exp=1&sig=s',
    );
  });
});

describe('/bme_admin/feedback', () => {
  it('lists the queue and sends a reply', async () => {
    seedStorage({ admin_token: 'adm-1', privacyAccepted: 'true' });
    const replies: unknown[] = [];
    mockFetch((url, init) => {
      if (url === '/api/admin/me') return ok({ id: 'a1', username: 'alice', role: 'operator' });
      if (url.startsWith('/api/admin/feedback/reply')) {
        replies.push(JSON.parse(String(init.body)));
        return ok({ ...FEEDBACK, phone: '13800138000', photoUrl: null, reply: '好的' });
      }
      if (url.startsWith('/api/admin/feedback'))
        return ok({ items: [{ ...FEEDBACK, phone: '13800138000', photoUrl: '/api/user-photos/u/p?sig=s' }] });
      return ok(null);
    });
    renderApp('/bme_admin/feedback');
    expect(await screen.findByRole('heading', { level: 1, name: '用户反馈' }, slow)).toBeInTheDocument();
    // role queries over an antd table are slow in jsdom: the label and the row's cell are enough
    const box = await screen.findByLabelText('回复 13800138000 的反馈', {}, slow);
    expect(screen.getByText('字再大一点')).toBeInTheDocument();
    expect(screen.getByAltText('用户随反馈附上的截图或照片')).toHaveAttribute(
      'src',
      '/api/user-photos/u/p?sig=s',
    );
    await userEvent.type(box, '好的');
    await userEvent.click(within(box.closest('td')!).getByText('发送回复'));
    await waitFor(() => expect(replies).toEqual([{ id: FEEDBACK.id, reply: '好的' }]));
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('回复已发送'));
  });
});
