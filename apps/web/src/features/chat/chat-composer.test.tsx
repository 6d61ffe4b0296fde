import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import '../../i18n/index.ts';
import { LiveRegions, resetAnnouncer } from '../../ui/announcer.tsx';
import { speechOutput } from '../speech/index.ts';
import { ChatComposer } from './chat-composer.tsx';
import type { ChatController } from './chat-controller.ts';

afterEach(() => resetAnnouncer());

/** The composer's side of the conversation: its state and what it asks of it. */
function fakeChat() {
  const store = createStore(() => ({ isStreaming: false, imageAttachment: null }));
  const send = vi.fn(() => Promise.resolve());
  const attach = vi.fn();
  return { chat: { store, send, attach } as unknown as ChatController, send, attach };
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

  it('a chosen photo that cannot be read is "image loading failed": said and announced, nothing attached', async () => {
    const speak = vi.spyOn(speechOutput, 'speak').mockResolvedValue(undefined);
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(() => Promise.reject(new DOMException('undecodable', 'InvalidStateError'))),
    );
    const { chat, attach } = fakeChat();
    const { container } = render(
      <>
        <LiveRegions />
        <ChatComposer chat={chat} />
      </>,
    );
    const file = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(file, new File(['not a photo'], 'broken.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(speak).toHaveBeenCalledWith('图片加载失败，请换一张照片'));
    await waitFor(() =>
      expect(screen.getByTestId('live-polite')).toHaveTextContent('图片加载失败，请换一张照片'),
    );
    expect(attach).not.toHaveBeenCalled();
  });
});
