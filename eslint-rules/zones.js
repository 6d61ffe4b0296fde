// @ts-check
/**
 * The dependency direction of the repo, as data: eslint.config.js enforces it and
 * boundaries.test.ts proves every zone fires. Paths are repo-relative.
 */

const WEB = 'apps/web/src/';
const SERVER = 'apps/server/src/';

/** @type {import('./boundaries.js').Zone[]} */
export const BOUNDARY_ZONES = [
  {
    name: 'protocol-imports-no-app',
    files: ['packages/protocol/'],
    forbidPaths: ['apps/'],
    forbidPackages: ['@sfm/server', '@sfm/web'],
    message: 'the contract imports no app',
  },
  {
    name: 'ocr-imports-no-app',
    files: ['packages/ocr/'],
    forbidPaths: ['apps/', 'packages/protocol/'],
    forbidPackages: ['@sfm/server', '@sfm/web', '@sfm/protocol'],
    message: 'the OCR pipeline runs on the server and on the device alike: it imports no app and no contract',
  },
  {
    name: 'web-imports-no-server',
    files: ['apps/web/'],
    forbidPaths: ['apps/server/'],
    forbidPackages: ['@sfm/server'],
    message: 'the web app never imports server code',
  },
  {
    name: 'features-import-no-app',
    files: [`${WEB}features/`],
    forbidPaths: [`${WEB}app/`],
    message: 'a feature never imports app/: the app reads the features, not the other way',
  },
  {
    name: 'low-web-imports-nothing-higher',
    files: [`${WEB}ui/`, `${WEB}api/`, `${WEB}platform/`, `${WEB}i18n/`],
    forbidPaths: [`${WEB}app/`, `${WEB}features/`, `${WEB}back-office/`],
    message: 'ui/, api/, platform/ and i18n/ sit below every feature and the app',
  },
  {
    name: 'back-office-imports-no-feature',
    files: [`${WEB}back-office/`],
    forbidPaths: [`${WEB}app/`, `${WEB}features/`],
    message:
      "back-office/ is what every feature's admin pages share: it sits below the features, which declare their parts and app/ gathers",
  },
  {
    name: 'capacitor-only-in-platform',
    files: ['apps/web/'],
    // test/ fakes the native plugins, so it speaks their types and constants
    except: [`${WEB}platform/`, 'apps/web/test/'],
    forbidPackages: ['@capacitor/', '@capacitor-community/'],
    message: 'native APIs are reached through platform/ only',
  },
  {
    name: 'services-import-no-transport',
    files: [`${SERVER}modules/`],
    fileRegex: '(service|session)\\.ts$',
    forbidPackages: ['fastify', '@fastify/', 'socket.io'],
    message: 'a service knows no HTTP or socket types: routes and socket handlers adapt to it',
  },
  {
    name: 'routes-reach-no-database',
    files: [`${SERVER}modules/`],
    fileRegex: '(routes|socket)\\.ts$',
    forbidPaths: [`${SERVER}db/`],
    // repo.ts and every <part>-repo.ts (dashboard-repo.ts, directory-repo.ts…)
    forbidPathRegex: '[/-]repo(\\.ts)?$',
    forbidPackages: ['drizzle-orm', 'pg'],
    message: 'routes and socket handlers call services, never the database',
  },
  {
    name: 'nothing-below-imports-a-module',
    // every shared layer of scripts/architecture/layout.ts, and the module context above them
    files: [
      `${SERVER}app-error.ts`,
      `${SERVER}audit/`,
      `${SERVER}calendar/`,
      `${SERVER}config.ts`,
      `${SERVER}config/`,
      `${SERVER}db/`,
      `${SERVER}engines/`,
      `${SERVER}http/`,
      `${SERVER}lifecycle/`,
      `${SERVER}logger.ts`,
      `${SERVER}metering/`,
      `${SERVER}module-context.ts`,
      `${SERVER}rate-limit/`,
      `${SERVER}registry.ts`,
      `${SERVER}security/`,
      `${SERVER}sms/`,
      `${SERVER}sockets/`,
      `${SERVER}storage/`,
    ],
    forbidPaths: [`${SERVER}modules/`],
    message: 'engines, config, the module context and the shared server layers import no module',
  },
  {
    name: 'production-imports-no-test-code',
    files: [SERVER, WEB, 'apps/web/build/', 'packages/protocol/'],
    // a *.test.ts sits beside the code it tests and may use the shared harnesses and fakes
    fileRegex: '(?<!\\.test)\\.tsx?$',
    forbidPaths: ['apps/server/test/', 'apps/web/test/'],
    message:
      "test/ holds the tests' harnesses, fakes, fixtures and cross-cutting suites: nothing that ships imports it",
  },
];

/**
 * A feature's public face: index.ts for the other features (tests share their fakes from
 * apps/web/test/fakes/). What it adds to the app (manifest.ts) and to the back office
 * (back-office.ts) only app/ reads.
 * @type {import('./boundaries.js').Faces}
 */
export const FEATURE_FACES = {
  root: `${WEB}features/`,
  entries: ['index.ts', 'index.tsx'],
};
