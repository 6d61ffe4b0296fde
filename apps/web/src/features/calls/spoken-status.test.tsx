import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveRegions, resetAnnouncer } from '../../ui/announcer.tsx';
import { speechEngines, speechOutput, writeSpeakWithScreenReader } from '../speech/index.ts';
import { sayCallNews, useSpokenStatus } from './spoken-status.ts';

function CallStatus({ text }: { text: string }) {
  useSpokenStatus(text);
  return <p className="call-status">{text}</p>;
}

/** Every text the polite live region showed, in order (a text counts again once it was replaced or emptied). */
function recordPoliteRegion(): string[] {
  const region = screen.getByTestId('live-polite');
  const shown: string[] = [];
  let last = region.textContent ?? '';
  new MutationObserver(() => {
    const text = region.textContent ?? '';
    if (text !== last && text) shown.push(text);
    last = text;
  }).observe(region, { subtree: true, childList: true, characterData: true });
  return shown;
}

/** The app's own voice (the device's), its utterances recorded: jsdom has none of its own. */
function deviceVoice() {
  vi.spyOn(speechEngines.browser, 'available').mockReturnValue(true);
  return vi.spyOn(speechEngines.browser, 'speak').mockImplementation(async (_text, hooks) => {
    hooks.onStart();
    return { kind: 'done' };
  });
}

const said = (voice: ReturnType<typeof deviceVoice>) => voice.mock.calls.map(([text]) => text);

// the device's voice, not the cloud stream (spec §3 speechEngine)
beforeEach(() => localStorage.setItem('speechEngine', 'other'));
afterEach(() => {
  speechOutput.stopAll();
  resetAnnouncer();
});

describe('a call status is heard once, as the screen-reader switch says', () => {
  it('switch on: the live region says each new status once; the app’s own voice says nothing', async () => {
    writeSpeakWithScreenReader(true);
    const voice = deviceVoice();
    render(<LiveRegions />);
    const region = recordPoliteRegion();
    const page = render(<CallStatus text="" />);

    page.rerender(<CallStatus text="正在呼叫志愿者，请稍候" />);
    await waitFor(() => expect(region).toEqual(['正在呼叫志愿者，请稍候']));
    page.rerender(<CallStatus text="已接通志愿者 热心志愿者" />);
    page.rerender(<CallStatus text="已接通志愿者 热心志愿者" />); // a render that keeps the text
    await waitFor(() => expect(region).toEqual(['正在呼叫志愿者，请稍候', '已接通志愿者 热心志愿者']));

    await new Promise((done) => setTimeout(done, 50)); // nothing comes late either
    expect(region).toEqual(['正在呼叫志愿者，请稍候', '已接通志愿者 热心志愿者']);
    expect(voice).not.toHaveBeenCalled();
  });

  it('switch off: the app’s voice says each new status once, and the live region carries it once', async () => {
    writeSpeakWithScreenReader(false);
    const voice = deviceVoice();
    render(<LiveRegions />);
    const region = recordPoliteRegion();
    const page = render(<CallStatus text="" />);
    page.rerender(<CallStatus text="小明 正在求助" />);
    await waitFor(() => expect(said(voice)).toEqual(['小明 正在求助']));
    await waitFor(() => expect(region).toEqual(['小明 正在求助']));

    page.rerender(<CallStatus text="已接通求助者 小明" />);
    page.rerender(<CallStatus text="已接通求助者 小明" />);
    await waitFor(() => expect(said(voice)).toEqual(['小明 正在求助', '已接通求助者 小明']));
    await waitFor(() => expect(region).toEqual(['小明 正在求助', '已接通求助者 小明']));

    await new Promise((done) => setTimeout(done, 50));
    expect(said(voice)).toEqual(['小明 正在求助', '已接通求助者 小明']);
    expect(region).toEqual(['小明 正在求助', '已接通求助者 小明']);
  });

  it.each([false, true])(
    'the status a page opens with leaves the live region to the page change (switch on: %s); only the app’s voice says it',
    async (screenReader) => {
      writeSpeakWithScreenReader(screenReader);
      const voice = deviceVoice();
      render(<LiveRegions />);
      const region = recordPoliteRegion();
      const page = render(<CallStatus text="接听已关闭" />);
      await new Promise((done) => setTimeout(done, 50));
      expect(region).toEqual([]);
      expect(said(voice)).toEqual(screenReader ? [] : ['接听已关闭']);

      page.rerender(<CallStatus text="正在等待求助…" />); // news from then on
      await waitFor(() => expect(region).toEqual(['正在等待求助…']));
    },
  );

  it('news in a call (the torch asked for) is said the same way; an empty text says nothing', async () => {
    writeSpeakWithScreenReader(true);
    const voice = deviceVoice();
    const speak = vi.spyOn(speechOutput, 'speak');
    render(<LiveRegions />);
    const region = recordPoliteRegion();

    sayCallNews('');
    expect(speak).not.toHaveBeenCalled();
    sayCallNews('志愿者请您打开手电筒');
    await waitFor(() => expect(region).toEqual(['志愿者请您打开手电筒']));
    expect(voice).not.toHaveBeenCalled();
  });
});
