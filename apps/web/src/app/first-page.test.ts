import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/session-store.ts';
import type { FeatureRoute } from '../ui/feature-manifest.ts';
import { routes } from '../ui/routes.ts';
import { loginAs } from '../../test/test-utils.tsx';
import { lookup } from './features.ts';
import { preloadFirstPage } from './first-page.ts';

function spyOnPage(path: string) {
  return vi.spyOn((lookup(path).route as FeatureRoute).page, 'preload');
}

afterEach(() => {
  localStorage.clear();
  useSession.getState().reloadFromStorage();
});

describe('preloading the first page', () => {
  it('loads the page at the address for a visitor who may open it', () => {
    loginAs();
    const seeForMe = spyOnPage(routes.seeForMe);
    const login = spyOnPage(routes.login);
    preloadFirstPage(routes.seeForMe, '');
    expect(seeForMe).toHaveBeenCalledOnce();
    expect(login).not.toHaveBeenCalled();
  });

  it('loads the page the guard sends a visitor to instead', () => {
    const seeForMe = spyOnPage(routes.seeForMe);
    const login = spyOnPage(routes.login);
    preloadFirstPage(routes.seeForMe, '');
    expect(login).toHaveBeenCalledOnce();
    expect(seeForMe).not.toHaveBeenCalled();
  });
});
