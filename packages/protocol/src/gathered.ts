/// <reference types="vite/client" />
/**
 * What the user app's files of the contract export, gathered by file name rather than listed
 * (`userProtocol`), and its endpoints by name (`endpoints`: the core's and each feature's table).
 * The web app calls `endpoints` by name (its build writes their routes, its answer checks load
 * their schemas); tests reach any endpoint or path through them. Vite's import.meta.glob finds the
 * files, so only code Vite runs imports this (the web app and its build, every vitest project);
 * the server registers each route from its feature's own table. The back office's are
 * gathered-admin.ts's, apart, so that the user app's bundle does not carry them.
 */
import { gatherEndpoints } from './endpoint.ts';
import type { Endpoints } from './endpoints.ts';

// a literal pattern (Vite reads it at build time); the back office's files are admin-*.ts and
// <feature>-admin.ts
const files = import.meta.glob<Record<string, unknown>>(
  ['./*.ts', '!./*.test.ts', '!./gathered.ts', '!./admin-*.ts', '!./*-admin.ts'],
  { eager: true },
);

export const userProtocol: Readonly<Record<string, unknown>> = Object.assign({}, ...Object.values(files));
export const endpoints = gatherEndpoints(Object.values(files)) as unknown as Endpoints;
