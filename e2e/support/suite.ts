import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

export interface PageSuite {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A fresh context (empty storage) and page for every test. */
  readonly context: BrowserContext;
  readonly page: Page;
}

/**
 * The lifecycle most browser suites share: one real server and one Chromium for the file, a new
 * context and page per test. Call it inside `describe`; read the fields inside tests and hooks.
 */
export function usePageSuite(
  options: {
    serverEnv?: Record<string, string>;
    browserArgs?: string[];
    serviceWorkers?: 'allow' | 'block';
  } = {},
) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started yet: use it inside a test or hook`);
    return value;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer(options.serverEnv),
      launchBrowser(options.browserArgs, { serviceWorkers: options.serviceWorkers }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    context = await ready(browser, 'browser').newContext({
      baseURL: ready(server, 'server').url,
      locale: 'zh-CN',
    });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });

  const suite: PageSuite = {
    get server() {
      return ready(server, 'server');
    },
    get browser() {
      return ready(browser, 'browser');
    },
    get context() {
      return ready(context, 'context');
    },
    get page() {
      return ready(page, 'page');
    },
  };
  return suite;
}
