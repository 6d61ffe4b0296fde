import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ApiFailure } from '../../api/http-client.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { firstError, type FieldErrors } from './validation.ts';

export type FieldRefs<F extends string> = Record<F, RefObject<HTMLInputElement | null>>;

/** A form's own alert text: cleared then set on the next frame, so the same text is announced again. */
export function useAlertText(): [string, (text: string) => void] {
  const [text, setText] = useState('');
  const show = (next: string) => {
    setText('');
    requestAnimationFrame(() => setText(next));
  };
  return [text, show];
}

/**
 * A form's field errors, each shown once, under its field (aria-describedby): `report` puts them
 * there and focuses the first once it is on screen, so the focus reads it. When focus is on that
 * field already (moving it reads nothing) the error is said once through the alert region instead,
 * and taken back as soon as the field changes or the errors are cleared.
 */
export function useFieldErrors<F extends string>(refs: FieldRefs<F>) {
  const announce = useAnnounce();
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const invalidField = useRef<{ input: RefObject<HTMLInputElement | null>; message: string } | null>(null);
  const withdraw = useRef<() => void>(() => undefined);

  useEffect(() => {
    const invalid = invalidField.current;
    if (!invalid) return;
    invalidField.current = null;
    const input = invalid.input.current;
    if (input === document.activeElement) withdraw.current = announce(invalid.message, { assertive: true });
    else input?.focus();
  }, [errors, announce]);

  /** Shows `found` (only these errors), the first in `order` taking focus. */
  const report = (found: FieldErrors<F>, order: readonly F[]) => {
    withdraw.current();
    setErrors(found);
    const first = firstError(found, order);
    invalidField.current = first ? { input: refs[first], message: found[first] ?? '' } : null;
  };
  const clear = () => {
    withdraw.current();
    setErrors({});
  };
  /** The field changed: its error no longer holds. */
  const clearField = (field: F) => {
    if (!errors[field]) return;
    withdraw.current();
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  return { errors, report, clear, clearField };
}

/**
 * The submit button, disabled while busy, loses focus: after a failure said in the form's alert
 * (`refocusAfter(true)` before busy ends) it takes focus back, so the user is where they were.
 */
export function useSubmitRefocus(busy: boolean) {
  const submitRef = useRef<HTMLButtonElement>(null);
  const wanted = useRef(false);
  useEffect(() => {
    if (!busy && wanted.current) {
      wanted.current = false;
      submitRef.current?.focus();
    }
  }, [busy]);
  const refocusAfter = (on: boolean) => {
    wanted.current = on;
  };
  return { submitRef, refocusAfter };
}

/**
 * Where a form's failures go: field errors under their fields (the form's alert emptied), a server
 * refusal naming one of the form's `fields` under it, any other in the alert. `reportFailure` is
 * true when the failure went under a field.
 */
export function failureReporters<F extends string>(
  report: (found: FieldErrors<F>, order: readonly F[]) => void,
  showAlert: (text: string) => void,
  fields: readonly F[],
) {
  const reportErrors = (found: FieldErrors<F>, order: readonly F[]) => {
    showAlert('');
    report(found, order);
  };
  const reportFailure = (answer: ApiFailure): boolean => {
    const field = answer.data?.field as F | undefined;
    if (field && fields.includes(field)) {
      reportErrors({ [field]: answer.message } as FieldErrors<F>, [field]);
      return true;
    }
    showAlert(answer.message);
    return false;
  };
  return { reportErrors, reportFailure };
}
