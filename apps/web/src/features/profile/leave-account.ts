import { useNavigate } from 'react-router';
import { useAnnounce } from '../../ui/announcer.tsx';
import { routes } from '../../ui/routes.ts';

/**
 * Leaves the account for /login, then ends the session (logout, or a deletion's clearing) and says
 * so. Leave first: with the session gone while still here, the guard would send the user to
 * /login?redirect=/profile, and the next login would land back in this account's centre. The router
 * commits navigations asynchronously (as transitions); the session change must wait for the new page
 * to be on screen, or it overtakes the navigation.
 */
export function useLeaveAccount(): (endSession: () => void, message: string) => void {
  const navigate = useNavigate();
  const announce = useAnnounce();
  return (endSession, message) => {
    void Promise.resolve(navigate(routes.login, { replace: true, flushSync: true })).then(() => {
      endSession();
      announce(message);
    });
  };
}
