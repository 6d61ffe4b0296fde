import { useEffect, useRef } from 'react';
import { announce } from '../../ui/announcer.tsx';
import { readSpeakWithScreenReader, speechOutput } from '../speech/index.ts';

const speak = (text: string) => void speechOutput.speak(text).catch(() => undefined);

/**
 * Tells the user a call's news once, as they chose to hear the app (the profile's screen-reader
 * switch). Switch on: the app's voice is their screen reader, so speaking is announcing — the
 * speaker puts the text in the polite live region (its screen-reader engine) and nothing is added.
 * Switch off: the app's own voice says it, and the live region carries it as every status does.
 */
export function sayCallNews(text: string): void {
  if (!text) return;
  if (!readSpeakWithScreenReader()) announce(text);
  speak(text);
}

/**
 * Says each new status of a call page (sayCallNews): a blind user hears calling, connected, ended
 * without looking for them. A render that keeps the text says nothing again. The status the page
 * opens with is no news: the app's own voice still says it (for whoever relies on that voice to know
 * where they are), but the live region is left to the page change — the screen reader reads the
 * heading it focused, and what was said for the new page ("已选择：志愿者") stays to be heard.
 */
export function useSpokenStatus(text: string): void {
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) sayCallNews(text);
    else if (text && !readSpeakWithScreenReader()) speak(text);
    opened.current = true;
  }, [text]);
}
