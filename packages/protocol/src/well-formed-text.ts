/**
 * Half of a UTF-16 surrogate pair alone: JSON lets a client send one ("\ud800"), but PostgreSQL's
 * jsonb refuses it and UTF-8 cannot encode it, so free text kept in a JSON column (settings, a
 * call's shared context) must not hold one. Such input is a client's mistake (or a probe): 400.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;

export const isWellFormedText = (text: string): boolean => !LONE_SURROGATE.test(text);
