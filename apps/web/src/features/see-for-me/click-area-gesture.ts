import type { OperationMode } from './preferences.ts';

/** Spec §9: press-and-hold threshold in quick mode. */
export const HOLD_MS = 400;

export interface GestureActions {
  /** The mode's tap action; `confirm` asks for a spoken confirmation (accessible mode). */
  act(options: { confirm: boolean }): void;
  stopSpeech(): void;
}

export interface GestureHandlers {
  onClick(event: { detail: number }): void;
  onPointerDown(): void;
  onPointerUp(): void;
  onPointerCancel(): void;
}

/**
 * The click area's input rules per operation mode.
 * - accessible: a click acts (Enter and Space on the button are clicks; detail 0 = keyboard or
 *   screen-reader activation, which gets a spoken confirmation).
 * - quick: pressing starts a 400 ms timer; if it fires, speech stops at once (the user need not
 *   wait for the release to silence it); the release acts, held or not (spec §9). Keyboard /
 *   screen-reader clicks (no pointer) still act.
 */
export function createClickAreaGesture(
  mode: () => OperationMode,
  actions: GestureActions,
): GestureHandlers & { dispose(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pressed = false;
  /** The click event that follows a handled pointer release is swallowed. */
  let swallowUntil = 0;
  const clear = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return {
    onPointerDown() {
      if (mode() !== 'quick') return;
      clear();
      pressed = true;
      timer = setTimeout(() => {
        timer = null;
        actions.stopSpeech();
      }, HOLD_MS);
    },
    onPointerUp() {
      if (mode() !== 'quick' || !pressed) return;
      pressed = false;
      clear();
      swallowUntil = Date.now() + 600;
      actions.act({ confirm: false });
    },
    onPointerCancel() {
      pressed = false;
      clear();
    },
    onClick(event) {
      if (mode() === 'quick') {
        if (Date.now() < swallowUntil) {
          swallowUntil = 0;
          return;
        }
        actions.act({ confirm: event.detail === 0 });
        return;
      }
      actions.act({ confirm: event.detail === 0 });
    },
    dispose() {
      clear();
    },
  };
}
