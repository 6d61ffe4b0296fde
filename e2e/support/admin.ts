import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { endpoints } from '@sfm/protocol';
import { repoRoot } from './server.ts';

/** `npm run admin:create -- <username>`, as an operator runs it beside the server on that data folder. */
export async function createAdminWithCli(dataDir: string, username: string, password: string): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/admin-create.ts', username],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ADMIN_PASSWORD: password,
        LOG_LEVEL: 'warn',
      },
    },
  );
}

/** An admin token, logged in through the API (for a suite that tests another page than the login). */
export async function adminTokenViaApi(baseUrl: string, username: string, password: string): Promise<string> {
  const res = await fetch(baseUrl + endpoints.adminLogin.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}
