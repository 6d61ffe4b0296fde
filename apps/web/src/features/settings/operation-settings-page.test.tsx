import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { loginAs, mockFetch, ok, renderApp, seedStorage } from '../../../test/test-utils.tsx';
import { readSpeechVolume, speechOutput } from '../speech/index.ts';

const CAPABILITIES = {
  vision: { engine: 'embedded' },
  tts: { engine: 'dashscope', voices: ['longxiaochun', 'longwan'] },
  asr: { engine: null, realtime: false, singleShot: false },
  chat: { engine: null, vision: false },
};

function open(server: Record<string, unknown> = {}) {
  loginAs({ userType: 0 });
  seedStorage({ privacyAccepted: 'true' });
  const fetch = mockFetch((url, init) => {
    if (url === '/api/users/me/settings')
      return ok(init.method === 'PUT' ? JSON.parse(String(init.body)) : server);
    if (url.startsWith('/api/capabilities')) return ok(CAPABILITIES);
    return ok(null);
  });
  renderApp('/operation-settings');
  return fetch;
}

const puts = (fetch: ReturnType<typeof open>) =>
  fetch.mock.calls
    .filter(([url, init]) => url === '/api/users/me/settings' && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('/operation-settings', () => {
  it('stores each choice under its spec key, saves it on the server and says it', async () => {
    const fetch = open();
    const mode = screen.getByRole('combobox', { name: '操作模式' });
    expect(mode).toHaveValue('accessible');
    await userEvent.selectOptions(mode, 'quick');
    expect(localStorage.getItem('operationMode')).toBe('quick');
    await waitFor(() =>
      expect(screen.getByTestId('live-polite')).toHaveTextContent('操作模式已设为快捷模式'),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '默认场景' }), 'dialogue');
    expect(localStorage.getItem('defaultScene')).toBe('dialogue');
    const verbosity = screen.getByRole('combobox', { name: '回答详略' });
    expect(verbosity).toHaveValue('brief');
    await userEvent.selectOptions(verbosity, 'detailed');
    expect(localStorage.getItem('verbosity')).toBe('detailed');
    await waitFor(() =>
      expect(puts(fetch)).toEqual([
        { operationMode: 'quick' },
        { defaultScene: 'dialogue' },
        { verbosity: 'detailed' },
      ]),
    );
  });

  it('offers the server’s voices and speaks a sample in the chosen one', async () => {
    const fetch = open();
    const speak = vi.spyOn(speechOutput, 'speak').mockResolvedValue(undefined);
    const voice = screen.getByRole('combobox', { name: '音色' });
    await screen.findByRole('option', { name: 'longwan' });
    await userEvent.selectOptions(voice, 'longwan');
    expect(localStorage.getItem('selectedVoice')).toBe('longwan');
    await userEvent.click(screen.getByRole('button', { name: '试听当前声音' }));
    expect(speak).toHaveBeenCalledWith('您好，这是帮我看看现在的声音和语速。');
    // back to the default: the key goes, the server forgets it
    await userEvent.selectOptions(voice, '');
    expect(localStorage.getItem('selectedVoice')).toBeNull();
    await waitFor(() => expect(puts(fetch)).toContainEqual({ selectedVoice: null }));
  });

  it('a second device takes what the server holds', async () => {
    open({ operationMode: 'quick', defaultScene: 'dialogue', mainCameraDeviceId: 'cam-2' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: '操作模式' })).toHaveValue('quick'));
    expect(localStorage.getItem('defaultScene')).toBe('dialogue');
    expect(localStorage.getItem('mainCameraDeviceId')).toBe('cam-2');
  });

  it('"save photos after analysis" is stored as savePhoto, saved on the server and said', async () => {
    const fetch = open();
    const toggle = screen.getByRole('checkbox', { name: '识别后保存照片' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(localStorage.getItem('savePhoto')).toBe('true');
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('识别后保存照片已打开'));
    await userEvent.click(toggle);
    expect(localStorage.getItem('savePhoto')).toBeNull();
    await waitFor(() => expect(puts(fetch)).toEqual([{ savePhoto: true }, { savePhoto: false }]));
  });

  it('a second device takes the savePhoto switch from the server', async () => {
    open({ savePhoto: true });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: '识别后保存照片' })).toBeChecked());
    expect(localStorage.getItem('savePhoto')).toBe('true');
  });

  it('volume: stored as spec §3 `volume` (0–1), read by the speech at once, saved on the server and said', async () => {
    const fetch = open();
    const volume = screen.getByRole('combobox', { name: '音量' });
    expect(volume).toHaveValue('1');
    await userEvent.selectOptions(volume, '0.6');
    expect(localStorage.getItem('volume')).toBe('0.6');
    expect(readSpeechVolume()).toBe(0.6);
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('音量已设为60%'));
    await waitFor(() => expect(puts(fetch)).toEqual([{ volume: 0.6 }]));
  });

  it('"vibrate on danger" is on by default; off is stored as false, saved on the server and said', async () => {
    const fetch = open();
    const toggle = screen.getByRole('checkbox', { name: '危险提醒时振动' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(localStorage.getItem('vibrateOnDanger')).toBe('false');
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('危险提醒时振动已关闭'));
    await userEvent.click(toggle);
    expect(localStorage.getItem('vibrateOnDanger')).toBeNull();
    await waitFor(() => expect(puts(fetch)).toEqual([{ vibrateOnDanger: false }, { vibrateOnDanger: true }]));
  });

  it('a second device takes the volume and the vibration switch from the server', async () => {
    open({ volume: 0.4, vibrateOnDanger: false });
    await waitFor(() => expect(screen.getByRole('combobox', { name: '音量' })).toHaveValue('0.4'));
    expect(screen.getByRole('checkbox', { name: '危险提醒时振动' })).not.toBeChecked();
    expect(localStorage.getItem('vibrateOnDanger')).toBe('false');
  });

  it('the speech rate changes the rate the app speaks at', async () => {
    open();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '语速' }), '2');
    expect(localStorage.getItem('speechRate')).toBe('2');
  });
});
