import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface TypedQuestionFormProps {
  /** Focus moves to the field whenever this changes (a tap that would have listened). */
  focusSeq: number;
  onAsk: (question: string) => void;
}

/** The question typed instead of spoken, where no speech recognizer works on this device. */
export function TypedQuestionForm({ focusSeq, onAsk }: TypedQuestionFormProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusSeq > 0) inputRef.current?.focus();
  }, [focusSeq]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const question = text.trim();
    if (!question) return inputRef.current?.focus();
    onAsk(question);
    setText('');
  };

  return (
    <form className="sfm-typed" onSubmit={submit} aria-label={t('seeForMe.typed.formLabel')}>
      <label className="field__label" htmlFor="sfm-typed-question">
        {t('seeForMe.typed.label')}
      </label>
      <div className="field__row">
        <input
          id="sfm-typed-question"
          ref={inputRef}
          className="field__input"
          type="text"
          enterKeyHint="send"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={200}
        />
        <button type="submit" className="button button--primary">
          {t('seeForMe.typed.submit')}
        </button>
      </div>
    </form>
  );
}
