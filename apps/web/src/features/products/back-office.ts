import { ADMIN_ROOT } from '../../back-office/admin-paths.ts';
import type { BackOfficeManifest } from '../../ui/feature-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';

/** The back office's products page: codes, and the names and notes the 条码 mode says for them. */
export const backOffice: BackOfficeManifest = {
  pages: [
    {
      path: `${ADMIN_ROOT}/products`,
      titleKey: 'menu.products',
      page: lazyPage(() => import('./admin/products-page.tsx').then((m) => m.ProductsPage)),
      menuOrder: 5.5,
    },
  ],
};
