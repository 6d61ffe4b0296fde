import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { boundariesRule } from './boundaries.js';
import { BOUNDARY_ZONES, FEATURE_FACES } from './zones.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = path.resolve(import.meta.dirname, '..');
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' },
});
const options = [{ zones: BOUNDARY_ZONES, faces: FEATURE_FACES }];

/** One import `code` written in `file` (repo-relative). */
const at = (file: string, code: string) => ({ code, filename: path.join(root, file), options });
const broken = (file: string, code: string, messageId: 'zone' | 'face' = 'zone') => ({
  ...at(file, code),
  errors: [{ messageId }],
});

tester.run('boundaries', boundariesRule, {
  valid: [
    at('apps/web/src/app/router.tsx', "import { x } from '../features/see-for-me/index.ts';"),
    at('apps/web/src/features/see-for-me/page.tsx', "import { Page } from '../../ui/page.tsx';"),
    at('apps/web/src/features/see-for-me/page.tsx', "import { speech } from '../speech/index.ts';"),
    at('apps/web/src/features/see-for-me/page.tsx', "import { x } from './scene-controller.ts';"),
    at('apps/web/src/features/points/admin/page.tsx', "import { x } from '../../../back-office/index.ts';"),
    at('apps/web/src/platform/native.ts', "import { App } from '@capacitor/app';"),
    at('apps/server/src/modules/vision/routes.ts', "import { VisionService } from './service.ts';"),
    at('apps/server/src/modules/users/dashboard-routes.ts', "import { x } from './dashboard-service.ts';"),
    at('apps/server/src/app.ts', "import { register } from './modules/vision/module.ts';"),
    at('packages/protocol/src/index.ts', "import { z } from 'zod';"),
    at(
      'apps/server/src/modules/vision/vision.test.ts',
      "import { x } from '../../../test/harness/app-harness.ts';",
    ),
    at('apps/web/src/features/chat/chat-page.test.tsx', "import { x } from '../../../test/test-utils.tsx';"),
    at('apps/web/test/fakes/filesystem.ts', "import { Directory } from '@capacitor/filesystem';"),
  ],
  invalid: [
    broken('packages/protocol/src/x.ts', "import { y } from '../../../apps/server/src/config.ts';"),
    broken('packages/protocol/src/x.ts', "import { y } from '@sfm/web';"),
    broken('packages/ocr/src/x.ts', "import { y } from '../../../apps/server/src/config.ts';"),
    broken('packages/ocr/src/x.ts', "import { y } from '@sfm/protocol';"),
    broken('apps/web/src/api/client.ts', "import { y } from '../../../server/src/config.ts';"),
    broken('apps/web/src/features/login/page.tsx', "import { y } from '../../app/guards.ts';"),
    broken('apps/web/src/features/login/page.tsx', "const p = import('../../app/router.tsx');"),
    broken('apps/web/src/ui/page.tsx', "import { y } from '../features/session/index.ts';"),
    broken('apps/web/src/api/http-client.ts', "import { y } from '../app/navigation.ts';"),
    broken('apps/web/src/ui/page.tsx', "import { y } from '../back-office/index.ts';"),
    broken('apps/web/src/back-office/filter-bar.tsx', "import { y } from '../features/points/index.ts';"),
    broken('apps/web/src/back-office/index.ts', "const a = import('../app/back-office.ts');"),
    broken('apps/web/src/features/profile/page.tsx', "import { App } from '@capacitor/app';"),
    broken(
      'apps/web/src/features/profile/page.tsx',
      "import { y } from '../session/session-store.ts';",
      'face',
    ),
    broken('apps/web/src/features/profile/page.tsx', "export { y } from '../session/deep/x.ts';", 'face'),
    broken(
      'apps/web/src/features/admin/users/drawer.tsx',
      "import { y } from '../../points/back-office.ts';",
      'face',
    ),
    broken('apps/server/src/modules/vision/service.ts', "import type { FastifyRequest } from 'fastify';"),
    broken('apps/server/src/modules/speech/service.ts', "import type { Socket } from 'socket.io';"),
    broken('apps/server/src/modules/vision/routes.ts', "import { VisionImagesRepo } from './repo.ts';"),
    broken('apps/server/src/modules/vision/routes.ts', "import { db } from '../../db/database.ts';"),
    broken('apps/server/src/modules/users/dashboard-routes.ts', "import { x } from './dashboard-repo.ts';"),
    broken(
      'apps/server/src/modules/speech/synthesis-socket.ts',
      "import { x } from './spoken-texts-repo.ts';",
    ),
    broken('apps/server/src/engines/tts/x.ts', "import { y } from '../../modules/speech/service.ts';"),
    broken('apps/server/src/config.ts', "import { y } from './modules/speech/speech-config.ts';"),
    broken('apps/server/src/registry.ts', "import { y } from './modules/points/module.ts';"),
    broken('apps/server/src/app.ts', "import { y } from '../test/fakes/vision-engine.ts';"),
    broken(
      'apps/server/src/modules/vision/test-vision.ts',
      "import { y } from '../../../test/harness/app-harness.ts';",
    ),
    broken('apps/web/src/features/chat/chat-page.tsx', "import { y } from '../../../test/fakes/speech.ts';"),
    broken('apps/web/build/loading-shell.ts', "import { y } from '../test/test-utils.tsx';"),
  ],
});
