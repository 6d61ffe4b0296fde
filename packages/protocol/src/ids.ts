import { z } from 'zod';

/** A row id as the server makes them (PostgreSQL's gen_random_uuid). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A market scene's id; a malformed one is "no such scene", like an unknown one. */
export const SceneId = z
  .string({ error: 'errors.scene_not_found' })
  .regex(UUID, { error: 'errors.scene_not_found' });
