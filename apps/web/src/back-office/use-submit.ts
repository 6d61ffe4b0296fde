import { useState } from 'react';
import type { ApiFailure, Success } from '../api/http-client.ts';
import { failureText } from './admin-call.ts';

/**
 * One form's sending: `busy` while it runs (the button's spinner), and `error`, the server's
 * refusal or the network's failure, to show above the form. Each send starts with no error.
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async <T>(send: () => Promise<Success<T> | ApiFailure>, done: (data: T) => void) => {
    setBusy(true);
    setError('');
    try {
      const answer = await send();
      if (answer.ok) done(answer.data);
      else setError(answer.message);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, submit };
}
