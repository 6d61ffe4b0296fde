import type {
  MarketScene,
  MarketScenesPage,
  SceneContent,
  SceneStatus,
  SceneUseResponse,
} from '@sfm/protocol/market';
import type { z } from 'zod';
import { AppError } from '../../app-error.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../security/clock.ts';
import { MarketRepo, type ListQuery, type SceneDraft, type SceneRow, type SceneWithAuthor } from './repo.ts';

/** A scene's content as the protocol has checked it. */
export type SceneInput = z.output<typeof SceneContent>;

/** How many scenes one user may create in an hour (a spam brake, not a quota). */
export const SCENES_PER_HOUR = 20;

export const sceneNotFound = () => new AppError(404, 'errors.scene_not_found');

const isMine = (row: SceneRow, viewerId: string) => row.authorId === viewerId;
const liveForOthers = (row: SceneRow) => row.publishedAt !== null && row.visibility === 'public';

/** Whether the viewer may see the scene at all (the author always; others while it is live). */
export const visibleTo = (row: SceneRow, viewerId: string) => isMine(row, viewerId) || liveForOthers(row);

/** The live (approved) version's fields, or null when none is live. */
function liveVersion(row: SceneRow) {
  if (
    row.publishedAt === null ||
    row.liveName === null ||
    row.liveDescription === null ||
    row.livePrompt === null ||
    row.liveBehaviour === null ||
    row.liveCategory === null ||
    row.liveIcon === null ||
    row.liveVersion === null
  ) {
    return null;
  }
  return {
    name: row.liveName,
    description: row.liveDescription,
    prompt: row.livePrompt,
    behaviour: row.liveBehaviour,
    intervalSeconds: row.liveIntervalSeconds,
    category: row.liveCategory,
    icon: row.liveIcon,
    version: row.liveVersion,
  };
}

/** The author's latest version's fields. */
export const latestVersion = (row: SceneRow) => ({
  name: row.name,
  description: row.description,
  prompt: row.prompt,
  behaviour: row.behaviour,
  intervalSeconds: row.intervalSeconds,
  category: row.category,
  icon: row.icon,
  version: row.version,
});

/** The author's latest version replaces the live one (an approval). */
export const publishLatest = (row: SceneRow, now: Date): Partial<SceneRow> => ({
  liveName: row.name,
  liveDescription: row.description,
  livePrompt: row.prompt,
  liveBehaviour: row.behaviour,
  liveIntervalSeconds: row.intervalSeconds,
  liveCategory: row.category,
  liveIcon: row.icon,
  liveVersion: row.version,
  publishedAt: now,
});

/** Nothing live any more (unpublished, or made private by its author). */
export const withdrawLive: Partial<SceneRow> = {
  liveName: null,
  liveDescription: null,
  livePrompt: null,
  liveBehaviour: null,
  liveIntervalSeconds: null,
  liveCategory: null,
  liveIcon: null,
  liveVersion: null,
  publishedAt: null,
};

/** Who the author is for others: a nickname; never a phone number. */
const authorNameOf = (row: SceneWithAuthor) => (row.authorId === null ? null : row.authorNickname);

/** The scene's fields the protocol shares between the user's and the reviewer's views. */
export function sceneFields(row: SceneWithAuthor, version: ReturnType<typeof latestVersion>) {
  return {
    id: row.id,
    ...version,
    behaviour: version.behaviour as MarketScene['behaviour'],
    category: version.category as MarketScene['category'],
    icon: version.icon as MarketScene['icon'],
    visibility: row.visibility as MarketScene['visibility'],
    authorName: authorNameOf(row),
    official: row.authorId === null,
    uses: row.uses,
    favourites: row.favourites,
    status: row.status as SceneStatus,
    rejectReason: row.rejectReason,
    live: row.publishedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the viewer sees: their own latest version, or the live one of someone else's scene. */
export function viewOf(row: SceneWithAuthor, viewerId: string, favourite: boolean): MarketScene {
  const mine = isMine(row, viewerId);
  const version = mine ? latestVersion(row) : liveVersion(row);
  if (!version) throw sceneNotFound();
  const fields = sceneFields(row, version);
  return {
    ...fields,
    mine,
    favourite,
    // a reviewer's decision is the author's business only
    ...(mine ? {} : { status: 'approved', rejectReason: null }),
  };
}

/** The status a save leaves: a public scene submitted waits for review; anything else is a draft. */
const statusAfterSave = (input: SceneInput): SceneStatus =>
  input.submit && input.visibility === 'public' ? 'pending' : 'draft';

const draftOf = ({ submit: _submit, ...draft }: SceneInput): SceneDraft => draft;

export interface MarketServiceDeps {
  db: Database;
  clock: Clock;
}

/**
 * The market for its users: lists and search, one scene, making and editing one's own scenes
 * (editing a public scene sends the new version to review and leaves the approved one live),
 * favourites, counting uses and reports. Someone else's scene that is not live does not exist.
 */
export class MarketService {
  private readonly repo: MarketRepo;

  constructor(private readonly deps: MarketServiceDeps) {
    this.repo = new MarketRepo(deps.db);
  }

  async page(viewerId: string, query: ListQuery): Promise<MarketScenesPage> {
    const { rows, total, capped } = await this.repo.page(viewerId, query);
    const favourites = await this.repo.favouriteIds(
      viewerId,
      rows.map((r) => r.id),
    );
    return {
      items: rows.map((row) => viewOf(row, viewerId, favourites.has(row.id))),
      total,
      capped,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** A scene the viewer may see, or 404 (whether or not it exists). */
  private async visible(viewerId: string, id: string): Promise<SceneWithAuthor> {
    const row = await this.repo.byId(id);
    if (!row || !visibleTo(row, viewerId)) throw sceneNotFound();
    return row;
  }

  async detail(viewerId: string, id: string): Promise<MarketScene> {
    const row = await this.visible(viewerId, id);
    const favourites = await this.repo.favouriteIds(viewerId, [id]);
    return viewOf(row, viewerId, favourites.has(id));
  }

  async create(authorId: string, input: SceneInput): Promise<MarketScene> {
    const now = this.deps.clock();
    const hourAgo = new Date(now.getTime() - 3600_000);
    // counted and inserted under the author's lock: 26 requests at once made 24 scenes before
    const id = await this.deps.db.transaction(async (tx) => {
      const repo = new MarketRepo(tx);
      await repo.lockAuthor(authorId);
      if ((await repo.createdSince(authorId, hourAgo)) >= SCENES_PER_HOUR) {
        throw new AppError(429, 'errors.scene_create_limited', {}, { retryAfterSeconds: 3600 });
      }
      return repo.insert(authorId, draftOf(input), statusAfterSave(input), now);
    });
    return this.detail(authorId, id);
  }

  /** The author's new version; anyone else's scene is "not found", like a scene that does not exist. */
  async update(authorId: string, id: string, input: SceneInput): Promise<MarketScene> {
    await this.deps.db.transaction(async (tx) => {
      const repo = new MarketRepo(tx);
      const row = await repo.lock(id);
      if (!row || !isMine(row, authorId)) throw sceneNotFound();
      const now = this.deps.clock();
      const status = statusAfterSave(input);
      await repo.update(id, {
        ...draftOf(input),
        status,
        rejectReason: null,
        version: row.version + 1,
        submittedAt: status === 'pending' ? now : null,
        updatedAt: now,
        // a scene made private is no longer anyone else's to see
        ...(input.visibility === 'private' ? withdrawLive : {}),
      });
    });
    return this.detail(authorId, id);
  }

  async delete(authorId: string, id: string): Promise<null> {
    const row = await this.repo.byId(id);
    if (!row || !isMine(row, authorId)) throw sceneNotFound();
    await this.repo.delete(id);
    return null;
  }

  async favourite(viewerId: string, id: string, favourite: boolean): Promise<MarketScene> {
    await this.visible(viewerId, id);
    await this.deps.db.transaction((tx) => new MarketRepo(tx).setFavourite(viewerId, id, favourite));
    return this.detail(viewerId, id);
  }

  /** One visit of the scene's camera screen; the same visit (session) counts once. */
  async use(viewerId: string, id: string, session: string): Promise<SceneUseResponse> {
    await this.visible(viewerId, id);
    return this.deps.db.transaction((tx) =>
      new MarketRepo(tx).recordUse(id, session, viewerId, this.deps.clock()),
    );
  }

  async report(viewerId: string, id: string, reason: string): Promise<null> {
    await this.visible(viewerId, id);
    await this.repo.report(id, viewerId, reason, this.deps.clock());
    return null;
  }
}
