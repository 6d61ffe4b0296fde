import type { PointsDetails } from '@sfm/protocol/points';
import { useEffect, useState } from 'react';
import { api } from '../../api/http-client.ts';

/**
 * The user's points (GET /api/points/details), fetched on mount and again when `refresh` changes.
 * Spec §8: a failure is only logged; the page shows what it has.
 */
export function usePointsDetails(refresh: unknown = null): PointsDetails | null {
  const [details, setDetails] = useState<PointsDetails | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api
      .call('pointsDetails', undefined, { signal: controller.signal })
      .then((answer) => {
        if (answer.ok) setDetails(answer.data);
        else console.error('points details failed', answer.code, answer.message);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error('points details failed', error);
      });
    return () => controller.abort();
  }, [refresh]);
  return details;
}
