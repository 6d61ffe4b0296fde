import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { registerChatTexts } from '../../i18n/chat/index.ts';
import '../../i18n/index.ts';
import { speechOutput } from '../speech/index.ts';
import { ChatComposer } from './chat-composer.tsx';
import type { ChatController } from './chat-controller.ts';

registerChatTexts();

/** The composer's side of the conversation: its state and what it asks of it. */
function fakeChat() {
  const store = createStore(() => ({ isStreaming: false, imageAttachment: null }));
  const send = vi.fn(() => Promise.resolve());
  return { chat: { store, send } as unknown as ChatController, send };
}

describe('ChatComposer', () => {
  it('says why nothing was sent when the question is empty, and keeps the focus in the field', async () => {
    const speak = vi.spyOn(speechOutput, 'speak').mockResolvedValue(undefined);
    const { chat, send } = fakeChat();
    render(<ChatComposer chat={chat} />);
    await userEvent.click(screen.getByRole('button', { name: '发送' }));
    expect(send).not.toHaveBeenCalled();
    expect(speak).toHaveBeenCalledWith('请先输入问题或附上一张照片');
    expect(screen.getByRole('textbox', { name: '输入问题' })).toHaveFocus();
    await userEvent.type(screen.getByRole('textbox', { name: '输入问题' }), '今天天气怎么样{Enter}');
    expect(send).toHaveBeenCalledWith('今天天气怎么样');
    speak.mockRestore();
  });
});
