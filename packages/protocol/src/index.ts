/**
 * `@sfm/protocol`: the core of the contract (the envelope, identity, users and logins, the camera's
 * analysis, speech, the site and versions, the messages, the core's endpoints). A feature's wire
 * shapes and endpoint table are imported from its own file (`@sfm/protocol/market`: the package's
 * `./*` export), so that this entry lists no feature and adding one touches none of it.
 */
export * from './envelope.ts';
export * from './identity.ts';
export * from './user.ts';
export * from './auth.ts';
export * from './vision.ts';
export * from './text-lines.ts';
export * from './speech.ts';
export * from './site.ts';
export * from './version.ts';
export * from './endpoints.ts';
export * from './messages.ts';
export * from './route-preloads.ts';
