import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { CHAT_MESSAGE_MAX_CHARS } from '@sfm/protocol/chat';
import { CHAT_NS } from '../../i18n/chat/index.ts';
import { tr } from '../../i18n/index.ts';
import * as media from '../../platform/media.ts';
import { announce } from '../../ui/announcer.tsx';
import { requestWithRationale } from '../../ui/permission-overlay.tsx';
import { createSpeechInput, speechOutput, type SpeechInput } from '../speech/index.ts';
import { ChatCamera } from './chat-camera.tsx';
import type { ChatController } from './chat-controller.ts';
import { photoFromFile } from './resize-photo.ts';

/** Says `text` and shows it to a screen reader: a short notice of the chat's own. */
function notify(text: string): void {
  announce(text);
  void speechOutput.speak(text);
}

/**
 * Asking: the question field with send, voice input (the question heard is sent), a photo from the
 * camera or a file, and stop while an answer is being written.
 */
export function ChatComposer({ chat }: { chat: ChatController }) {
  const { t } = useTranslation(CHAT_NS);
  const streaming = useStore(chat.store, (s) => s.isStreaming);
  const attachment = useStore(chat.store, (s) => s.imageAttachment);
  const [text, setText] = useState('');
  const [camera, setCamera] = useState(false);
  const [listening, setListening] = useState(false);
  const input = useRef<SpeechInput | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);

  const stopListening = () => {
    input.current?.stop();
    input.current = null;
    setListening(false);
  };
  useEffect(() => () => input.current?.stop(), []);

  const send = (question: string) => {
    if (!question.trim() && !attachment) {
      notify(t('emptyQuestion'));
      return field.current?.focus();
    }
    void chat.send(question);
    setText('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(text);
  };

  // Enter sends, Shift+Enter starts a new line (as in every chat)
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send(text);
  };

  const listen = async () => {
    if (listening) return stopListening();
    // the user's own voice comes first: the answer being read stops
    chat.silence();
    speechOutput.cancel();
    const recognizer = createSpeechInput({ continuous: false });
    if (!recognizer) return notify(t('voiceUnavailable'));
    const granted =
      (await media.permissionState('microphone')) === 'granted' ||
      (await requestWithRationale('microphone', media.requestMicrophone));
    if (!granted) return notify(tr('permission.microphoneDenied'));
    input.current = recognizer;
    recognizer.onResult(({ text: heard, isFinal }) => {
      setText(heard);
      if (!isFinal) return;
      stopListening();
      send(heard);
    });
    recognizer.onError((error) => {
      if (error.recoverable) return;
      stopListening();
      notify(error.message ?? tr(error.key, { code: error.code }));
    });
    setListening(true);
    announce(t('listening'));
    recognizer.start();
  };

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    try {
      chat.attach(await photoFromFile(chosen), chosen.name);
      announce(t('attach.attached'));
    } catch {
      notify(t('attach.failed'));
    }
  };

  return (
    <form className="chat-composer" onSubmit={submit}>
      {camera && (
        <ChatCamera
          onPhoto={(photo) => {
            setCamera(false);
            chat.attach(photo, 'camera');
            announce(t('attach.attached'));
            field.current?.focus();
          }}
          onCancel={() => setCamera(false)}
          onFailure={(message) => {
            setCamera(false);
            notify(message);
          }}
        />
      )}
      {attachment && (
        <div className="chat-composer__attachment">
          <img src={attachment.url} alt={t('attach.thumbnail')} className="chat-composer__thumbnail" />
          <button type="button" className="button button--secondary" onClick={() => chat.detach()}>
            {t('attach.remove')}
          </button>
        </div>
      )}
      <label className="field__label" htmlFor="chat-question">
        {t('input')}
      </label>
      <textarea
        id="chat-question"
        ref={field}
        className="field__input chat-composer__field"
        rows={2}
        enterKeyHint="send"
        maxLength={CHAT_MESSAGE_MAX_CHARS}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="chat-composer__actions">
        <button type="submit" className="button button--primary">
          {t('send')}
        </button>
        {streaming && (
          <button
            type="button"
            className="button button--danger"
            onClick={() => {
              chat.stop();
              announce(t('stoppedAnnouncement'));
              field.current?.focus();
            }}
          >
            {t('stop')}
          </button>
        )}
        <button
          type="button"
          className="button button--secondary"
          aria-pressed={listening}
          onClick={() => void listen()}
        >
          {listening ? t('stopListening') : t('listen')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setCamera(true)}
          disabled={camera}
        >
          {t('attach.camera')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => file.current?.click()}>
          {t('attach.file')}
        </button>
        <input
          ref={file}
          type="file"
          accept="image/*"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            void choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
    </form>
  );
}
