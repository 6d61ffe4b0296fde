/// <reference types="vite/client" />
/**
 * What the back office's files of the contract export (`adminProtocol`: admin-*.ts and each
 * feature's <feature>-admin.ts), and its endpoints by name (`adminEndpoints`), gathered by file
 * name as gathered.ts does for the user app. The back office calls each table's objects; this is
 * for the tests.
 */
import type { AdminEndpoints } from './admin-endpoints.ts';
import { gatherEndpoints } from './endpoint.ts';

const files = import.meta.glob<Record<string, unknown>>(
  ['./admin-*.ts', './*-admin.ts', '!./*.test.ts', '!./gathered-admin.ts'],
  { eager: true },
);

export const adminProtocol: Readonly<Record<string, unknown>> = Object.assign({}, ...Object.values(files));
export const adminEndpoints = gatherEndpoints(Object.values(files)) as unknown as AdminEndpoints;
