import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { CHAT_NS } from '../../i18n/chat/index.ts';
import { announce } from '../../ui/announcer.tsx';
import { Page } from '../../ui/page.tsx';
import { loadCapabilities, speechOutput, useSpeakWithScreenReader } from '../speech/index.ts';
import { ChatComposer } from './chat-composer.tsx';
import { chatController } from './chat-instance.ts';
import { ChatMessageItem } from './chat-message-item.tsx';
import './chat.css';

/** Whether the server has a chat model: null until it said (or when it could not be asked). */
function useChatModelConfigured(): boolean | null {
  const [configured, setConfigured] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void loadCapabilities().then((caps) => {
      if (live && caps) setConfigured(caps.chat.engine !== null);
    });
    return () => {
      live = false;
    };
  }, []);
  return configured;
}

/** The clear-conversation confirmation: a modal dialog (focus kept inside, Esc cancels). */
function ClearDialog({ open, onClose }: { open: boolean; onClose: (confirmed: boolean) => void }) {
  const { t } = useTranslation(CHAT_NS);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="chat-dialog"
      aria-labelledby="chat-clear-title"
      aria-describedby="chat-clear-body"
      onCancel={(e) => {
        e.preventDefault();
        onClose(false);
      }}
    >
      <h2 id="chat-clear-title">{t('clearConfirm.title')}</h2>
      <p id="chat-clear-body">{t('clearConfirm.body')}</p>
      <div className="chat-dialog__actions">
        <button type="button" className="button button--danger" onClick={() => onClose(true)}>
          {t('clearConfirm.confirm')}
        </button>
        <button type="button" className="button button--secondary" autoFocus onClick={() => onClose(false)}>
          {t('clearConfirm.cancel')}
        </button>
      </div>
    </dialog>
  );
}

/**
 * /aichat, 陪我聊聊: the conversation as a log (a finished message is read once; the one being
 * written is busy until then), each answer spoken sentence by sentence as it streams, and the
 * composer. Without a chat model on the server the page says so, on screen and aloud.
 */
export function ChatPage() {
  const { t } = useTranslation(CHAT_NS);
  const [chat] = useState(chatController);
  const messages = useStore(chat.store, (s) => s.messages);
  const configured = useChatModelConfigured();
  const speakWithScreenReader = useSpeakWithScreenReader();
  const [confirming, setConfirming] = useState(false);
  const clearButton = useRef<HTMLButtonElement>(null);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (configured === false) void speechOutput.speak(t('noModel'));
  }, [configured, t]);

  const last = messages.at(-1);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, last?.content]);

  const closeDialog = (confirmed: boolean) => {
    setConfirming(false);
    if (confirmed) {
      void chat.clear();
      announce(t('cleared'));
    }
    clearButton.current?.focus();
  };

  return (
    <Page title={t('title')} className="chat-page">
      {/* the intro and the no-model notice share one place, as tall as the taller: the one not
          shown is kept there invisible, so the server's answer never moves the composer */}
      <div className="chat-page__lead">
        <p className="chat-page__intro" data-ghost={configured === false || undefined}>
          {t('intro')}
        </p>
        {configured === false ? (
          <p className="chat-page__notice" role="status">
            {t('noModel')}
          </p>
        ) : (
          <p className="chat-page__notice" data-ghost>
            {t('noModel')}
          </p>
        )}
      </div>
      <section
        className="chat-log"
        role="log"
        aria-label={t('log')}
        // with the screen reader as the app's voice, the answer reaches it as speech: not twice
        aria-live={speakWithScreenReader ? 'off' : 'polite'}
      >
        {messages.length === 0 && <p className="chat-log__empty">{t('empty')}</p>}
        {messages.map((message, i) => (
          <ChatMessageItem
            key={message.id}
            message={message}
            // without a chat model only a photo question can be answered: retrying text cannot help
            {...((configured !== false || messages[i - 1]?.imageInfo) && {
              onRetry: (id: string) => void chat.retry(id),
            })}
          />
        ))}
        <div ref={end} />
      </section>
      <ChatComposer chat={chat} />
      {messages.length > 0 && (
        <button
          ref={clearButton}
          type="button"
          className="button button--secondary chat-page__clear"
          onClick={() => setConfirming(true)}
        >
          {t('clear')}
        </button>
      )}
      <ClearDialog open={confirming} onClose={closeDialog} />
    </Page>
  );
}
