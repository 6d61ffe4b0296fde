import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from './chat-history.ts';
import { ChatMessageItem } from './chat-message-item.tsx';

const answer = (over: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 'a1',
  role: 'assistant',
  content: '',
  createdAt: 0,
  status: 'done',
  ...over,
});

describe('ChatMessageItem', () => {
  it('renders markdown, never raw HTML', async () => {
    const { container, findByText } = render(
      <ChatMessageItem
        message={answer({
          content: '**重要**：<img src=x onerror="alert(1)"><script>alert(2)</script>按时缴费',
        })}
        onRetry={() => undefined}
      />,
    );
    // the renderer loads with the first text (ui/markdown.tsx)
    expect(await findByText('重要', { selector: 'strong' })).toBeInTheDocument();
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.textContent).toContain('按时缴费');
  });

  it('an answer being written is busy and has no actions yet', () => {
    render(
      <ChatMessageItem
        message={answer({ content: '从前', status: 'streaming' })}
        onRetry={() => undefined}
      />,
    );
    const article = screen.getByRole('article', { name: '助手' });
    expect(article).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a failed answer says why and offers retry; a finished one can be copied', async () => {
    const onRetry = vi.fn();
    render(
      <ChatMessageItem message={answer({ status: 'failed', error: '对话服务出错了' })} onRetry={onRetry} />,
    );
    expect(screen.getByText('回答失败：对话服务出错了')).toBeInTheDocument();
    screen.getByRole('button', { name: '重试' }).click();
    expect(onRetry).toHaveBeenCalledWith('a1');

    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<ChatMessageItem message={answer({ id: 'a2', content: '好的。' })} onRetry={onRetry} />);
    screen.getByRole('button', { name: '复制' }).click();
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith('好的。'));
    expect(await screen.findByRole('button', { name: '已复制' })).toBeInTheDocument();
  });

  it('offers no retry where asking again cannot help (no chat model for a text question)', () => {
    render(<ChatMessageItem message={answer({ status: 'failed', error: '还没有配置对话模型' })} />);
    expect(screen.getByText('回答失败：还没有配置对话模型')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });
});
