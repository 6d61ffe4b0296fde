import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import type { UpdateOffer } from './update-check.ts';
import { UpdateDialog } from './update-dialog.tsx';

const STORE = 'https://apps.apple.com/cn/app/id1234567890';

const iosOffer = (over: Partial<UpdateOffer> = {}): UpdateOffer => ({
  platform: 'ios',
  versionName: '2.0.0',
  notes: '',
  forced: false,
  downloadUrl: STORE,
  ...over,
});

function show(offer: UpdateOffer, openStore: (url: string) => Promise<void>) {
  const onDone = vi.fn();
  render(<UpdateDialog offer={offer} onDone={onDone} openStore={openStore} />);
  const dialog = screen.getByRole('dialog', { hidden: true }) as HTMLDialogElement;
  return { onDone, dialog };
}

describe('the iOS update (spec §4: confirm, then the App Store)', () => {
  it('opens the App Store address through the platform and closes once it opened', async () => {
    const openStore = vi.fn(async () => undefined);
    const { onDone, dialog } = show(iosOffer(), openStore);
    expect(dialog.open).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '前往 App Store', hidden: true }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(openStore).toHaveBeenCalledWith(STORE);
    expect(dialog.open).toBe(false);
    expect(screen.getByRole('alert', { hidden: true })).toHaveTextContent('');
  });

  it('a forced update that opened the App Store is not shown again', async () => {
    const { onDone, dialog } = show(
      iosOffer({ forced: true }),
      vi.fn(async () => undefined),
    );
    fireEvent.click(screen.getByRole('button', { name: '前往 App Store', hidden: true }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(dialog.open).toBe(false);
  });

  it('says so when the App Store did not open, and stays for another try', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const openStore = vi
      .fn<(url: string) => Promise<void>>()
      .mockRejectedValueOnce(new Error('nothing opened the address'))
      .mockResolvedValueOnce(undefined);
    const { onDone, dialog } = show(iosOffer({ forced: true }), openStore);
    const go = screen.getByRole('button', { name: '前往 App Store', hidden: true });
    fireEvent.click(go);
    const alert = screen.getByRole('alert', { hidden: true });
    await waitFor(() => expect(alert).toHaveTextContent('下载更新失败，请稍后重试或手动访问下载地址'));
    expect(dialog.open).toBe(true);
    expect(onDone).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    // the second try opens it: the message goes and the dialog closes
    fireEvent.click(go);
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(openStore).toHaveBeenCalledTimes(2);
    expect(alert).toHaveTextContent('');
  });

  it('does not try an empty address: it is said to be invalid', async () => {
    const openStore = vi.fn(async () => undefined);
    show(iosOffer({ downloadUrl: '' }), openStore);
    fireEvent.click(screen.getByRole('button', { name: '前往 App Store', hidden: true }));
    await waitFor(() =>
      expect(screen.getByRole('alert', { hidden: true })).toHaveTextContent('下载地址无效'),
    );
    expect(openStore).not.toHaveBeenCalled();
  });
});
