import { useEffect, useRef } from 'react';
import { focusPageHeading } from '../../ui/page.tsx';
import type { CallPhase } from './call-phase.ts';

/** The controls a call page shows in each phase: a move that keeps them leaves focus where it is. */
type Controls = 'call' | 'waiting' | 'ring' | 'inCall' | 'ended';

const CONTROLS: Record<CallPhase, Controls> = {
  idle: 'call',
  noAnswer: 'call',
  cancelled: 'call',
  requesting: 'waiting',
  ringing: 'waiting',
  queued: 'waiting',
  incoming: 'ring',
  connected: 'inCall',
  reconnecting: 'inCall',
  peerAway: 'inCall',
  rejoining: 'inCall',
  ended: 'ended',
};

/**
 * The control that matters next, the first found of each list, by the calls feature's own classes
 * (calls.css): every call page drawn with them gets it, the seeker's and the volunteer's alike.
 */
const NEXT_CONTROL: Record<Controls, readonly string[]> = {
  // 呼叫志愿者 (a volunteer's page has none: the ring it showed went away)
  call: ['.call-button'],
  // 取消呼叫
  waiting: ['.call-cancel'],
  // 接听, the ringing card's first button
  ring: ['.call-incoming button'],
  // 挂断, the one danger button of the call's controls
  inCall: ['.call-controls .button--danger'],
  // the rating; without one (no call to rate), calling again
  ended: ['.call-feedback button', '.call-button'],
};

/** The control that matters next in `phase`, as the page shows it now (null: none to be had). */
export function nextCallControl(phase: CallPhase, root: ParentNode = document): HTMLElement | null {
  for (const selector of NEXT_CONTROL[CONTROLS[phase]]) {
    const control = root.querySelector<HTMLElement>(selector);
    if (control && !control.matches(':disabled')) return control;
  }
  return null;
}

const focusLost = (): boolean => document.activeElement === null || document.activeElement === document.body;

/**
 * Keyboard and screen-reader focus follows the call: when the controls change (calling, ringing,
 * connected, ended) it goes to the one that matters next — 取消呼叫, 接听, 挂断, the rating — and
 * never falls to <body> when the control it was on goes away (then the page's h1 takes it, as on a
 * page change). A move that keeps the controls (ringing → queued, connected ⇄ reconnecting ⇄ peerAway) leaves
 * focus where the user put it. Nothing moves when the page opens.
 */
export function useCallFocus(phase: CallPhase): void {
  const previous = useRef(phase);
  useEffect(() => {
    const before = previous.current;
    previous.current = phase;
    if (before === phase) return;
    if (CONTROLS[before] === CONTROLS[phase] && !focusLost()) return;
    const control = nextCallControl(phase);
    if (control) control.focus();
    else if (focusLost()) focusPageHeading();
  }, [phase]);
}
