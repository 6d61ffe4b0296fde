import { textNamespace } from '../../namespace.ts';
import { productsAdminEn } from './en.ts';
import { productsAdminZhCN } from './zh-CN.ts';

/** The back office's products page and its dialog: `useTranslation(PRODUCTS_ADMIN_NS)`. */
export const PRODUCTS_ADMIN_NS = textNamespace('products-admin', productsAdminZhCN, productsAdminEn);
