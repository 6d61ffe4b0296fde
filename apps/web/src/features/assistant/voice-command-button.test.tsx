import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { speechOutput } from '../speech/index.ts';
import { useAssistantStatus } from './assistant-status.ts';
import { VoiceCommandButton } from './voice-command-button.tsx';

interface FakeRecognition {
  start: () => void;
  stop: () => void;
  abort: () => void;
  onresult: ((event: unknown) => void) | null;
}

describe('voice command button', () => {
  // the banner as a fresh start shows it, whatever an earlier test left
  beforeEach(() => useAssistantStatus.setState(useAssistantStatus.getInitialState()));
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('listens while pressed, shows the assistant status, and stops on a second press', () => {
    const started: FakeRecognition[] = [];
    vi.stubGlobal(
      'webkitSpeechRecognition',
      class implements FakeRecognition {
        onresult = null;
        start = () => void started.push(this);
        stop = vi.fn();
        abort = vi.fn();
        addEventListener = vi.fn();
        removeEventListener = vi.fn();
      },
    );
    render(<VoiceCommandButton />);
    const button = screen.getByRole('button', { name: '语音指令' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('主人我在');

    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(started).toHaveLength(1);
    expect(useAssistantStatus.getState().status).toBe('listening');
    expect(screen.getByRole('status')).toHaveTextContent('我在听');

    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(useAssistantStatus.getState().status).toBe('idle');
  });

  it('where the browser recognizer cannot reach its service and the server has none, says voice input is unavailable', async () => {
    const made: { onerror: ((e: { error: string }) => void) | null }[] = [];
    vi.stubGlobal(
      'webkitSpeechRecognition',
      class {
        onresult = null;
        onerror: ((e: { error: string }) => void) | null = null;
        onend = null;
        start = () => void made.push(this);
        stop = vi.fn();
        abort = vi.fn();
      },
    );
    const speak = vi.spyOn(speechOutput, 'speak').mockResolvedValue(undefined);
    render(<VoiceCommandButton />);
    fireEvent.click(screen.getByRole('button', { name: '语音指令' }));
    made[0]?.onerror?.({ error: 'network' });
    await vi.waitFor(() => expect(speak).toHaveBeenCalledWith('此设备上无法使用语音输入'));
    expect(speak).not.toHaveBeenCalledWith('无法访问麦克风，请检查设备权限');
    expect(useAssistantStatus.getState().status).toBe('failure');

    // from then on (this page load and the next ones) the button says so and a press asks nothing
    expect(Number(localStorage.getItem('browserRecognizerBrokenAt'))).toBeGreaterThan(0);
    const button = await screen.findByRole('button', { name: '语音指令（此设备不可用）' });
    expect(button).not.toHaveAttribute('aria-pressed');
    speak.mockClear();
    fireEvent.click(button);
    await vi.waitFor(() => expect(speak).toHaveBeenCalledWith('此设备上无法使用语音输入'));
    expect(speak).not.toHaveBeenCalledWith('请说话');
    expect(made).toHaveLength(1);
    expect(button).not.toHaveAttribute('aria-pressed');
    speak.mockRestore();
  });

  it('in a browser without speech recognition at all, says the browser does not support it', async () => {
    const speak = vi.spyOn(speechOutput, 'speak').mockResolvedValue(undefined);
    render(<VoiceCommandButton />);
    fireEvent.click(await screen.findByRole('button', { name: '语音指令（此设备不可用）' }));
    await vi.waitFor(() => expect(speak).toHaveBeenCalledWith('浏览器不支持语音识别'));
    speak.mockRestore();
  });
});
