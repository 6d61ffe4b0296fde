import { useAnnounce } from '../../ui/announcer.tsx';
import { navigate } from '../../ui/navigation.ts';
import { routes } from '../../ui/routes.ts';

/**
 * Leaves the account for /login, then ends the session (logout, or a deletion's clearing) and says
 * so. Leave first: with the session gone while still here, the guard would send the user to
 * /login?redirect=/profile, and the next login would land back in this account's centre. Page
 * changes show as transitions, which the session change would overtake: this one shows at once.
 */
export function useLeaveAccount(): (endSession: () => void, message: string) => void {
  const announce = useAnnounce();
  return (endSession, message) => {
    navigate(routes.login, { replace: true, immediate: true });
    endSession();
    announce(message);
  };
}
