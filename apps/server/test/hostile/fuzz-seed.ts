/**
 * The fuzz suites' seed: FUZZ_SEED to replay a failure, else a new one each run, printed so that a
 * failure seen in CI can be replayed (fast-check also prints the seed and path of what failed).
 */
export function fuzzSeed(suite: string): number {
  const given = process.env.FUZZ_SEED;
  const seed = given ? Number(given) : Math.floor(Math.random() * 2 ** 31);
  console.info(`${suite}: FUZZ_SEED=${seed}`);
  return seed;
}
