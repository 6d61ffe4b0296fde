import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLocale } from '../../i18n/index.ts';
import { mockFetch, ok } from '../../../test/test-utils.tsx';
import { SpeechDebugPage } from './speech-debug-page.tsx';

const CAPABILITIES = {
  vision: { engine: 'embedded' },
  tts: { engine: 'embedded', voices: ['cmn'] },
  asr: { engine: null, realtime: false, singleShot: false },
  chat: { engine: null, vision: false },
};

/** English words of the engines' own vocabulary that must not reach the page untranslated. */
const RAW_WORDS =
  /\b(idle|speaking|paused|error|cloud|native|other|embedded|realtime|single-shot|true|false|speak|started|done|final|interim|pending|completed)\b/;

async function renderDebugPage() {
  mockFetch((url) => (url.endsWith('/api/capabilities') ? ok(CAPABILITIES) : ok({})));
  render(
    <I18nextProvider i18n={i18n}>
      <SpeechDebugPage />
    </I18nextProvider>,
  );
  await screen.findByTestId('capabilities');
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLocale('zh-CN'));
});

describe('/speech-debug labels', () => {
  it('names each recognizer once: 开始浏览器识别, not 开始浏览器识别识别', async () => {
    await renderDebugPage();
    expect(screen.getByRole('button', { name: '开始浏览器识别' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '开始云端实时识别' })).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('识别识别');
  });

  it('says states, preference, capabilities and events in Chinese', async () => {
    await renderDebugPage();
    const output = screen.getByRole('region', { name: '语音输出' });
    expect(within(output).getByText(/^云端语音：(可用|不可用)，空闲$/)).toBeInTheDocument();
    expect(within(output).getByText(/^当前偏好：/)).toBeInTheDocument();
    expect(within(output).getByText('还没有云端任务')).toBeInTheDocument();
    const caps = screen.getByTestId('capabilities');
    expect(caps).toHaveTextContent('图像分析内置');
    expect(caps).toHaveTextContent('实时识别：不支持');
    await userEvent.click(screen.getByRole('button', { name: '开始浏览器识别' }));
    expect(screen.getByTestId('speech-events')).toHaveTextContent('浏览器识别：');
    expect(document.body.textContent).not.toMatch(RAW_WORDS);
    expect(document.body.textContent).not.toContain('speechDebug.');
  });

  it('has every label in English too', async () => {
    await act(() => setLocale('en'));
    await renderDebugPage();
    expect(screen.getByRole('button', { name: 'Start browser recognition' })).toBeInTheDocument();
    expect(screen.getByText(/^cloud voice: (available|unavailable), idle$/)).toBeInTheDocument();
    expect(screen.getByTestId('capabilities')).toHaveTextContent('realtime: no');
    expect(document.body.textContent).not.toContain('speechDebug.');
  });
});
