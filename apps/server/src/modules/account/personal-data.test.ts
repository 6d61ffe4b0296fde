import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../db/database.ts';
import type { PersonalDataSource } from '../../module-context.ts';
import { Registry } from '../../registry.ts';
import { collectAll, eraseAll } from './personal-data.ts';

// the erasers only pass the transaction on: a stand-in is enough to see which one they were given
const tx = {} as Transaction;

/** A module's source that logs what is asked of it. */
function source(name: string, log: string[], photos?: string[]): PersonalDataSource {
  return {
    collect: async (userId) => ({ [name]: [{ userId }] }),
    erase: async (userId, given) => {
      log.push(`${name} erased ${userId}${given === tx ? ' in the transaction' : ''}`);
      return photos;
    },
  };
}

describe('personal data registry', () => {
  it("exports every registered module's sections of the user, and only theirs", async () => {
    const registry = new Registry<PersonalDataSource>();
    registry.register(source('scenes', []));
    registry.register(source('feedback', []));
    // a module with nothing to export (speech) only erases
    registry.register({ erase: async () => undefined });
    expect(await collectAll(registry.entries, 'u1')).toEqual({
      scenes: [{ userId: 'u1' }],
      feedback: [{ userId: 'u1' }],
    });
  });

  it('erases in registration order in the given transaction, gathering the photos to delete', async () => {
    const log: string[] = [];
    const registry = new Registry<PersonalDataSource>();
    registry.register(source('vision', log, ['photo-1']));
    registry.register(source('market', log));
    // a module with nothing to erase only exports
    registry.register({ collect: async () => ({}) });
    registry.register(source('feedback', log, ['photo-2', 'photo-3']));
    expect(await eraseAll(registry.entries, 'u1', tx)).toEqual(['photo-1', 'photo-2', 'photo-3']);
    expect(log).toEqual([
      'vision erased u1 in the transaction',
      'market erased u1 in the transaction',
      'feedback erased u1 in the transaction',
    ]);
  });

  it('stops at a failing eraser, so the transaction rolls the whole deletion back', async () => {
    const log: string[] = [];
    const registry = new Registry<PersonalDataSource>();
    registry.register(source('vision', log));
    registry.register({ erase: () => Promise.reject(new Error('lost the connection')) });
    registry.register(source('market', log));
    await expect(eraseAll(registry.entries, 'u1', tx)).rejects.toThrow('lost the connection');
    expect(log).toEqual(['vision erased u1 in the transaction']);
  });
});
