/**
 * `@sfm/protocol/admin`: the back office's part of the contract (its own schemas and endpoints, and
 * the catalogue of its messages), apart from the main entry so that only the admin area's code and
 * the server carry it. A feature's back-office shapes are imported from its own file
 * (`@sfm/protocol/market-admin`), so that this entry lists no feature.
 */
import en from './messages/admin.en.json' with { type: 'json' };
import zhCN from './messages/admin.zh-CN.json' with { type: 'json' };
import { addMessages } from './messages.ts';

addMessages({ 'zh-CN': zhCN, en });

export * from './admin-days.ts';
export * from './admin-dashboard.ts';
export * from './admin-users.ts';
export * from './admin-accounts.ts';
export * from './admin-audit.ts';
export * from './admin-endpoints.ts';
