import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { announce, clearAnnouncementsOnPageChange, LiveRegions, resetAnnouncer } from './announcer.tsx';
import { navigate } from './navigation.ts';

afterEach(() => resetAnnouncer());

const polite = () => screen.getByTestId('live-polite');
const alert = () => screen.getByTestId('live-alert');

describe('announcer', () => {
  it('a withdrawn status leaves its region, shown or still waiting for its frame', async () => {
    render(<LiveRegions />);
    const shown = announce('正在登录…');
    await waitFor(() => expect(polite()).toHaveTextContent('正在登录…'));
    act(() => shown());
    expect(polite()).toBeEmptyDOMElement();

    const waiting = announce('正在注册…');
    waiting();
    await act(() => new Promise((done) => requestAnimationFrame(() => done(undefined))));
    expect(polite()).toBeEmptyDOMElement();
  });

  it('withdrawing an older status keeps what was said after it', async () => {
    render(<LiveRegions />);
    const status = announce('正在注册…');
    announce('注册成功，已为您登录');
    status();
    await waitFor(() => expect(polite()).toHaveTextContent('注册成功，已为您登录'));
  });

  it('a page change empties both regions, but what was said for the new page still comes', async () => {
    window.history.replaceState(null, '', '/see-for-me');
    const stop = clearAnnouncementsOnPageChange();
    render(<LiveRegions />);
    announce('注意，前方有车辆', { assertive: true });
    announce('正在识别');
    await waitFor(() => expect(alert()).toHaveTextContent('注意，前方有车辆'));
    await waitFor(() => expect(polite()).toHaveTextContent('正在识别'));

    act(() => navigate('/profile'));
    expect(alert()).toBeEmptyDOMElement();
    expect(polite()).toBeEmptyDOMElement();

    announce('已退出登录');
    act(() => navigate('/login'));
    await waitFor(() => expect(polite()).toHaveTextContent('已退出登录'));
    stop();
  });
});
