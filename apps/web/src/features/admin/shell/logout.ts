/** The navigation state with which logout opens the login page, which then ends the admin token. */
export const LOGGING_OUT = { adminLogout: true } as const;

export const isLogout = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && 'adminLogout' in state && state.adminLogout === true;
