/**
 * Why the session just ended, when the server said (a ban, with its reason): kept for the login
 * page the user lands on, which shows and says it once. Only in memory: a reload has no such news.
 */
let notice: string | null = null;

export function noteSessionEnded(reason: string): void {
  notice = reason;
}

/** The reason, once: the next call has none. */
export function takeSessionEndedNotice(): string | null {
  const taken = notice;
  notice = null;
  return taken;
}
