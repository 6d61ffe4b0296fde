import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { loginAs, mockFetch, ok, renderApp, seedStorage } from '../../../test/test-utils.tsx';
import { SCENE_MODES, type SceneModeEntry } from '../see-for-me/index.ts';
import { speechOutput } from '../speech/index.ts';
import { helpSections } from './help-sections.ts';

function open(path: string) {
  loginAs({ userType: 0 });
  seedStorage({ privacyAccepted: 'true' });
  mockFetch(() => ok(null));
  return renderApp(path);
}

describe('/help', () => {
  it('documents every mode of the scene-mode registry, and the voice commands, where voice input works', async () => {
    vi.stubGlobal('webkitSpeechRecognition', class {});
    open('/help');
    const modes = await screen.findByRole('region', { name: '场景模式' });
    for (const mode of SCENE_MODES) {
      expect(within(modes).getByText(new RegExp(`^${i18n.t(mode.labelKey)}：`))).toBeInTheDocument();
    }
    const voice = screen.getByRole('region', { name: '语音指令' });
    expect(within(voice).getByText('点击“语音指令”按钮后可以说：')).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('where no recognizer works, lists only the modes on the screen and says voice commands are not available', async () => {
    open('/help');
    const modes = await screen.findByRole('region', { name: '场景模式' });
    for (const mode of SCENE_MODES) {
      const line = within(modes).queryByText(new RegExp(`^${i18n.t(mode.labelKey)}：`));
      if (mode.visibility === 'hidden') expect(line, mode.id).toBeNull();
      else expect(line, mode.id).toBeInTheDocument();
    }
    const voice = screen.getByRole('region', { name: '语音指令' });
    expect(within(voice).getByText(/无法使用语音输入/)).toBeInTheDocument();
    expect(within(voice).queryByText('点击“语音指令”按钮后可以说：')).toBeNull();
  });

  it('says the interval each auto mode really uses, never "10 minutes"', () => {
    const [modes] = helpSections(i18n.t, SCENE_MODES);
    const realtime = modes!.paragraphs.find((p) => p.startsWith('实时：'));
    expect(realtime).toContain('每 10 秒自动拍照');
    expect(modes!.paragraphs.join('')).not.toMatch(/分钟/);
  });

  it('a mode added to the registry documents itself', () => {
    const added = { ...SCENE_MODES[0]!, id: 'reading', labelKey: 'seeForMe.modes.reading' } as SceneModeEntry;
    const [modes] = helpSections(i18n.t, [added]);
    expect(modes!.paragraphs).toContain('阅读：每 10 秒自动拍照并朗读结果。点击屏幕：停止朗读。');
  });

  it('search shows only the sections with the word, and says how many', async () => {
    open('/help');
    await userEvent.type(await screen.findByRole('searchbox', { name: '搜索帮助' }), '会员');
    await waitFor(() => expect(screen.queryByRole('region', { name: '场景模式' })).toBeNull());
    expect(screen.getByRole('region', { name: '积分' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('找到 1 节'));
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'zzzz');
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('没有找到相关帮助'));
  });

  it('reads a section aloud', async () => {
    open('/help');
    const speak = vi.spyOn(speechOutput, 'speak').mockResolvedValue(undefined);
    const gestures = await screen.findByRole('region', { name: '手势与按键' });
    await userEvent.click(within(gestures).getByRole('button', { name: '朗读本节' }));
    expect(speak.mock.calls[0]![0]).toMatch(/^手势与按键。单击大区域/);
  });
});

describe('/donate', () => {
  it('explains why and how, and leads to payment through the recharge page', async () => {
    open('/donate');
    expect(await screen.findByRole('heading', { level: 2, name: '为什么需要您的支持' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '前往捐助' })).toHaveAttribute('href', '/points-recharge');
    expect(screen.getByRole('heading', { level: 2, name: '感谢' })).toBeInTheDocument();
  });
});
