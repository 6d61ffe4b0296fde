import type { Feedback, SendFeedbackRequest } from '@sfm/protocol/feedback';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/http-client.ts';

export const sendFeedback = (request: SendFeedbackRequest) => api.call('sendFeedback', request);

/** The user's feedback with the replies (null while loading); `reload` after sending. */
export function useMyFeedback(): { items: Feedback[] | null; reload: () => void } {
  const [items, setItems] = useState<Feedback[] | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    api
      .call('myFeedback', undefined, { signal: controller.signal })
      .then((answer) => answer.ok && setItems(answer.data.items))
      .catch(() => undefined);
    return () => controller.abort();
  }, [version]);
  return { items, reload: useCallback(() => setVersion((v) => v + 1), []) };
}
