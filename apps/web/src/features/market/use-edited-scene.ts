import type { MarketScene } from '@sfm/protocol/market';
import { useEffect, useState } from 'react';
import { marketApi } from './market-api.ts';

export type EditedScene =
  { kind: 'loading' } | { kind: 'missing' } | { kind: 'ready'; scene: MarketScene | null };

/** The scene being edited (null when adding); someone else's scene is "not found", as the server says. */
export function useEditedScene(id: string | undefined): [EditedScene, (scene: MarketScene) => void] {
  const [loaded, setLoaded] = useState<EditedScene>(
    id ? { kind: 'loading' } : { kind: 'ready', scene: null },
  );
  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    marketApi.scene(id, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setLoaded(
          answer.ok && answer.data.mine ? { kind: 'ready', scene: answer.data } : { kind: 'missing' },
        );
      },
      () => {
        if (!controller.signal.aborted) setLoaded({ kind: 'missing' });
      },
    );
    return () => controller.abort();
  }, [id]);
  return [loaded, (scene) => setLoaded({ kind: 'ready', scene })];
}
