import {
  marketEndpoints,
  type MarketScenesQuery,
  type SceneContent,
  type SceneFavouriteRequest,
} from '@sfm/protocol';
import { api } from '../../api/http-client.ts';

const e = marketEndpoints;

/** The market's calls: answers are the envelope (`ok` to narrow on), never thrown except NetworkError. */
export const marketApi = {
  scenes: (query: MarketScenesQuery, signal?: AbortSignal) => api.request(e.marketScenes, query, { signal }),
  scene: (id: string, signal?: AbortSignal) => api.request(e.marketScene, { id }, { signal }),
  create: (scene: SceneContent) => api.request(e.createScene, scene),
  update: (id: string, scene: SceneContent) => api.request(e.updateScene, { id, scene }),
  remove: (id: string) => api.request(e.deleteScene, { id }),
  favourite: (request: SceneFavouriteRequest) => api.request(e.favouriteScene, request),
  use: (id: string, session: string) => api.request(e.useScene, { id, session }),
  report: (id: string, reason: string) => api.request(e.reportScene, { id, reason }),
};
