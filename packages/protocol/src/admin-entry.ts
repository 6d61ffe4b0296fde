/**
 * `@sfm/protocol/admin`: the back office's part of the contract (schemas, endpoints and catalogue),
 * apart from the main entry so that only the admin area's code and the server carry it.
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
export * from './calls-admin.ts';
export * from './points-admin.ts';
export * from './versions-admin.ts';
export * from './market-admin.ts';
export * from './feedback-admin.ts';
