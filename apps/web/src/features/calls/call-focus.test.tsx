import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { Page } from '../../ui/page.tsx';
import { CallFeedback } from './call-feedback.tsx';
import { nextCallControl, useCallFocus } from './call-focus.ts';
import type { CallPhase } from './call-phase.ts';

const CALL_ID = '11111111-1111-4111-8111-111111111111';

/** A call page as both real ones draw it (the calls feature's classes), showing `phase`'s controls. */
function CallPage({ phase, side }: { phase: CallPhase; side: 'seeker' | 'volunteer' }) {
  useCallFocus(phase);
  const canCall = phase === 'idle' || phase === 'ended' || phase === 'noAnswer' || phase === 'cancelled';
  const waiting = phase === 'requesting' || phase === 'ringing' || phase === 'queued';
  const inCall = phase === 'connected' || phase === 'reconnecting';
  return (
    <I18nextProvider i18n={i18n}>
      <main>
        <Page title={side === 'seeker' ? '视频求助' : '志愿者模式'}>
          {side === 'volunteer' ? <input type="checkbox" role="switch" aria-label="接听求助" /> : null}
          <p className="call-status">{phase}</p>
          {side === 'seeker' && canCall ? (
            <button type="button" className="button call-button">
              呼叫志愿者
            </button>
          ) : null}
          {waiting ? (
            <button type="button" className="button call-cancel">
              取消呼叫
            </button>
          ) : null}
          {phase === 'incoming' ? (
            <section className="card call-incoming">
              <div className="call-controls">
                <button type="button">接听</button>
                <button type="button">拒绝</button>
              </div>
            </section>
          ) : null}
          {inCall ? (
            <div className="call-controls">
              <button type="button" className="button">
                静音
              </button>
              <button type="button" className="button button--danger">
                挂断
              </button>
            </div>
          ) : null}
          {phase === 'ended' ? <CallFeedback callId={CALL_ID} /> : null}
        </Page>
      </main>
    </I18nextProvider>
  );
}

const focusedName = () =>
  document.activeElement === document.body ? '<body>' : document.activeElement?.textContent;
const button = (name: string) => screen.getByRole('button', { name });

describe('focus through a call', () => {
  it('the seeker: 呼叫志愿者 → 取消呼叫 → 挂断 → the rating, never <body>', () => {
    const page = render(<CallPage side="seeker" phase="idle" />);
    const move = (phase: CallPhase) => page.rerender(<CallPage side="seeker" phase={phase} />);
    act(() => button('呼叫志愿者').focus());

    move('requesting'); // the pressed button is gone with the phase
    expect(focusedName()).toBe('取消呼叫');
    move('ringing');
    move('queued');
    expect(focusedName()).toBe('取消呼叫');
    move('connected');
    expect(focusedName()).toBe('挂断');
    move('ended');
    expect(focusedName()).toBe('有帮助');
  });

  it('the volunteer: a ring takes focus to 接听 with no key pressed, the answer to 挂断, the end to the rating', () => {
    const page = render(<CallPage side="volunteer" phase="idle" />);
    const move = (phase: CallPhase) => page.rerender(<CallPage side="volunteer" phase={phase} />);
    act(() => screen.getByRole('switch', { name: '接听求助' }).focus());

    move('incoming');
    expect(focusedName()).toBe('接听');
    move('connected');
    expect(focusedName()).toBe('挂断');
    move('ended');
    expect(focusedName()).toBe('有帮助');
  });

  it('a ring that goes away (taken, withdrawn, declined) leaves focus on the page heading, not <body>', () => {
    const page = render(<CallPage side="volunteer" phase="incoming" />);
    act(() => button('接听').focus());
    page.rerender(<CallPage side="volunteer" phase="idle" />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: '志愿者模式' }));
  });

  it('a move that keeps the controls leaves focus where the user put it (the media dropping and coming back)', () => {
    const page = render(<CallPage side="seeker" phase="connected" />);
    const move = (phase: CallPhase) => page.rerender(<CallPage side="seeker" phase={phase} />);
    act(() => button('静音').focus());
    move('reconnecting');
    expect(focusedName()).toBe('静音');
    move('connected');
    expect(focusedName()).toBe('静音');
  });

  it('moves nothing when the page opens (the page change put focus on the heading)', () => {
    render(<CallPage side="volunteer" phase="incoming" />);
    expect(focusedName()).toBe('<body>');
  });

  it('never picks a control that cannot take focus: a 呼叫志愿者 still disabled counts as none', () => {
    document.body.innerHTML = '<button class="call-button" disabled>呼叫志愿者</button>';
    expect(nextCallControl('noAnswer')).toBeNull();
    document.body.innerHTML = '<button class="call-button">呼叫志愿者</button>';
    expect(nextCallControl('noAnswer')?.textContent).toBe('呼叫志愿者');
    document.body.innerHTML = '';
  });
});
