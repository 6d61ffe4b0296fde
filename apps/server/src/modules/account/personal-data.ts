import type { MyDataExport } from '@sfm/protocol/account';
import type { Transaction } from '../../db/database.ts';
import type { PersonalDataSource } from '../../module-context.ts';

/** Every module's sections of a user's export, side by side. */
export async function collectAll(
  sources: readonly PersonalDataSource[],
  userId: string,
): Promise<Partial<MyDataExport>> {
  const sections = await Promise.all(
    sources.map((source) => source.collect?.(userId) ?? Promise.resolve({})),
  );
  return Object.assign({}, ...sections);
}

/**
 * Every module's eraser, one after the other in registration order, in the deletion's transaction
 * (a failing one rolls the whole deletion back). Returns the storage keys of the photos they freed.
 */
export async function eraseAll(
  sources: readonly PersonalDataSource[],
  userId: string,
  tx: Transaction,
): Promise<string[]> {
  const photos: string[] = [];
  for (const source of sources) photos.push(...((await source.erase?.(userId, tx)) ?? []));
  return photos;
}
