/**
 * Every table, gathered: the one module drizzle-kit reads (drizzle.config.ts) and the one queries
 * import. It only re-exports, and the table files never import it, so no table file waits on
 * another through it (they build on core-schema.ts).
 */
export * from './core-schema.ts';

// the points economy (issue 11): its own file, one line here
export * from './points-schema.ts';

// app versions and updates (issue 15): its own file, one line here
export * from './versions-schema.ts';

// video calls with volunteers (issue 14): its own file, one line here
export * from './calls-schema.ts';

// the market of scenes (issue 12): its own file, one line here
export * from './market-schema.ts';

// the user's own settings and account deletion (issue 16): its own file, one line here
export * from './account-schema.ts';

// third-party (OpenID Connect) login (issue 16): its own file, one line here
export * from './social-login-schema.ts';
