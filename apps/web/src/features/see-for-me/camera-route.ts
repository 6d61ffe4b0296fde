import { routes } from '../../ui/routes.ts';
import { marketPaths } from '../market/index.ts';

/** Spec §4: auto-capture runs on these routes only (the page tells the scene which it is on). */
export function isCameraRoute(pathname: string): boolean {
  const marketUse = marketPaths.use.replace(':id', '');
  return pathname === routes.seeForMe || pathname === routes.home || pathname.startsWith(marketUse);
}
