import { hash, verify } from '@node-rs/argon2';

/** argon2id cost (the library's default algorithm is argon2id). */
export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's argon2id recommendation (m = 19 MiB, t = 2, p = 1), about 30 ms a hash on these machines. */
const PRODUCTION_ARGON2: Argon2Cost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/** Only for tests: keeps hundreds of logins within the suite's time budget. */
export const TEST_ARGON2: Argon2Cost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export class PasswordHasher {
  /** Verified when an account does not exist, so the answer takes as long as for one that does. */
  private readonly decoy: Promise<string>;

  constructor(private readonly cost: Argon2Cost = PRODUCTION_ARGON2) {
    this.decoy = hash('decoy password that never matches', cost);
  }

  hash(password: string): Promise<string> {
    return hash(password, this.cost);
  }

  /** Constant-time comparison (inside argon2); a missing hash still spends one verification. */
  async verify(passwordHash: string | null | undefined, password: string): Promise<boolean> {
    if (!passwordHash) {
      await verify(await this.decoy, password);
      return false;
    }
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }
}
