import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { platform } from '../../platform/index.ts';
import {
  readSpeakWithScreenReader,
  resolveSpeakWithScreenReaderDefault,
  useSpeakWithScreenReader,
  writeSpeakWithScreenReader,
} from './speech-preferences.ts';

// the detected default lives for the page: put it back to the browser's
afterEach(async () => {
  vi.restoreAllMocks();
  await resolveSpeakWithScreenReaderDefault();
});

describe('speakWithScreenReader preference', () => {
  it('is off in the browser until chosen; the choice is stored as true / false', async () => {
    await resolveSpeakWithScreenReaderDefault();
    expect(readSpeakWithScreenReader()).toBe(false);
    writeSpeakWithScreenReader(true);
    expect(localStorage.getItem('speakWithScreenReader')).toBe('true');
    expect(readSpeakWithScreenReader()).toBe(true);
    writeSpeakWithScreenReader(false);
    expect(localStorage.getItem('speakWithScreenReader')).toBe('false');
    expect(readSpeakWithScreenReader()).toBe(false);
  });

  it('in the native app defaults to whether a screen reader is on; a stored choice wins', async () => {
    vi.spyOn(platform, 'isScreenReaderOn').mockResolvedValue(true);
    await resolveSpeakWithScreenReaderDefault();
    expect(readSpeakWithScreenReader()).toBe(true);
    // detected, not chosen: nothing is stored, so the next start asks again
    expect(localStorage.getItem('speakWithScreenReader')).toBeNull();
    localStorage.setItem('speakWithScreenReader', 'false');
    expect(readSpeakWithScreenReader()).toBe(false);
    localStorage.setItem('speakWithScreenReader', 'garbage');
    expect(readSpeakWithScreenReader()).toBe(true);
  });

  it('components re-render when it is written or detected', async () => {
    const { result } = renderHook(() => useSpeakWithScreenReader());
    expect(result.current).toBe(false);
    act(() => writeSpeakWithScreenReader(true));
    expect(result.current).toBe(true);
    act(() => writeSpeakWithScreenReader(false));
    expect(result.current).toBe(false);
    localStorage.clear();
    vi.spyOn(platform, 'isScreenReaderOn').mockResolvedValue(true);
    await act(() => resolveSpeakWithScreenReaderDefault());
    expect(result.current).toBe(true);
  });
});
