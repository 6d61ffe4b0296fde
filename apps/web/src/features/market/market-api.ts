import type { MarketScenesQuery, SceneContent, SceneFavouriteRequest } from '@sfm/protocol/market';
import { api } from '../../api/http-client.ts';

/** The market's calls: answers are the envelope (`ok` to narrow on), never thrown except NetworkError. */
export const marketApi = {
  scenes: (query: MarketScenesQuery, signal?: AbortSignal) => api.call('marketScenes', query, { signal }),
  scene: (id: string, signal?: AbortSignal) => api.call('marketScene', { id }, { signal }),
  create: (scene: SceneContent) => api.call('createScene', scene),
  update: (id: string, scene: SceneContent) => api.call('updateScene', { id, scene }),
  remove: (id: string) => api.call('deleteScene', { id }),
  favourite: (request: SceneFavouriteRequest) => api.call('favouriteScene', request),
  use: (id: string, session: string) => api.call('useScene', { id, session }),
  report: (id: string, reason: string) => api.call('reportScene', { id, reason }),
};
