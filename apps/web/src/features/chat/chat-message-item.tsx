import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_NS } from '../../i18n/chat/index.ts';
import { announce } from '../../ui/announcer.tsx';
import { Markdown } from '../../ui/markdown.tsx';
import type { ChatMessage } from './chat-history.ts';

export interface ChatMessageItemProps {
  message: ChatMessage;
  /** Absent where asking again cannot help (no chat model for a question without a photo). */
  onRetry?: (id: string) => void;
}

/** Copies `text` with the Clipboard API; false where the browser refuses. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * One message of the log: who said it, its photo, its text as markdown (rendered safely: raw HTML
 * is dropped, never inserted), its state, and copy / retry. The answer being written is busy, so a
 * screen reader reads it once, complete, rather than word by word.
 */
export function ChatMessageItem({ message, onRetry }: ChatMessageItemProps) {
  const { t } = useTranslation(CHAT_NS);
  const [copied, setCopied] = useState(false);
  const streaming = message.status === 'streaming';
  const mine = message.role === 'user';

  const copy = async () => {
    const ok = await copyText(message.content);
    setCopied(ok);
    announce(t(ok ? 'copied' : 'copyFailed'));
  };

  return (
    <article
      className={`chat-message chat-message--${message.role}`}
      aria-busy={streaming}
      aria-labelledby={`chat-author-${message.id}`}
    >
      <h2 className="chat-message__author" id={`chat-author-${message.id}`}>
        {mine ? t('you') : t('assistant')}
      </h2>
      {message.imageInfo &&
        (message.imageInfo.url ? (
          <img className="chat-message__photo" src={message.imageInfo.url} alt={t('photoAlt')} />
        ) : (
          <p className="chat-message__note">{t('photoMissing')}</p>
        ))}
      {message.content && (
        <div className="chat-message__text">
          <Markdown skipHtml>{message.content}</Markdown>
        </div>
      )}
      {streaming && <p className="chat-message__note">{t('writing')}</p>}
      {message.status === 'stopped' && <p className="chat-message__note">{t('stopped')}</p>}
      {message.status === 'failed' && (
        <p className="chat-message__error">{t('failed', { message: message.error ?? '' })}</p>
      )}
      {!streaming && (
        <div className="chat-message__actions">
          {message.content && (
            <button
              type="button"
              className="button button--secondary"
              aria-describedby={`chat-author-${message.id}`}
              onClick={() => void copy()}
            >
              {copied ? t('copied') : t('copy')}
            </button>
          )}
          {message.status === 'failed' && onRetry && (
            <button type="button" className="button button--primary" onClick={() => onRetry(message.id)}>
              {t('retry')}
            </button>
          )}
        </div>
      )}
    </article>
  );
}
