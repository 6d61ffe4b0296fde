import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/index.ts';
import { writeSpeakWithScreenReader } from '../speech/index.ts';
import { AssistantStatusBanner } from './assistant-status-banner.tsx';
import { setAssistantStatus } from './assistant-status.ts';

afterEach(() => writeSpeakWithScreenReader(false));

describe('assistant status banner', () => {
  it('is a polite live region, quiet at rest: "主人我在" is shown on every page, not announced on each', () => {
    setAssistantStatus('idle');
    render(<AssistantStatusBanner />);
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent('主人我在');
    expect(banner).toHaveAttribute('aria-live', 'off');
    act(() => setAssistantStatus('listening'));
    expect(banner).toHaveAttribute('aria-live', 'polite');
  });

  it('with the screen reader as the voice, announces only what is not also spoken', () => {
    setAssistantStatus('listening');
    render(<AssistantStatusBanner />);
    const banner = screen.getByRole('status');
    act(() => writeSpeakWithScreenReader(true));
    // "I'm listening" is only shown: the banner still announces it
    expect(banner).toHaveAttribute('aria-live', 'polite');
    // the outcomes are spoken through the screen reader already: shown, not announced twice
    for (const outcome of ['success', 'failure', 'notUnderstood'] as const) {
      act(() => setAssistantStatus(outcome));
      expect(banner).toHaveAttribute('aria-live', 'off');
    }
    expect(banner).toHaveTextContent('没有听懂');
    act(() => writeSpeakWithScreenReader(false));
    expect(banner).toHaveAttribute('aria-live', 'polite');
  });
});
