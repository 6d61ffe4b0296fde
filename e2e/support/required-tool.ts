/** A CI run: the CI variable set to anything but "", "0" or "false". */
export function isCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.CI?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}

/**
 * Whether a tool the browser tests need is here. Missing on a developer's machine, the suites skip
 * and name the reason; missing in CI, a skipped suite would pass unseen, so the run fails instead.
 */
export function requireTool(
  present: boolean,
  missing: string,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  if (!present && isCi(env)) throw new Error(`CI is set and the browser tests must run, but ${missing}`);
  return present;
}
