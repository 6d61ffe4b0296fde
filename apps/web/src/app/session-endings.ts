import { onSessionEnded, type SessionEnding } from '../api/http-client.ts';
import { tr } from '../i18n/index.ts';
import { noteSessionEnded } from '../session/index.ts';
import { announce } from '../ui/announcer.tsx';
import { navigateTo } from '../ui/navigation.ts';
import { routes } from '../ui/routes.ts';

/** What the user hears and where they land when a call ended their session (spec §4/§8). */
function tellSessionEnded(ending: SessionEnding): void {
  if (ending.reason === 'banned') {
    // the login page shows and says the server's message (with its reason) once
    noteSessionEnded(ending.message);
    navigateTo(routes.login);
    return;
  }
  announce(tr('session.expired'), { assertive: true });
  navigateTo(routes.home);
}

/**
 * The app shell's answer to a session the HTTP client ended: the client raises the event, the
 * shell owns the words and the pages. Returns the unsubscribe.
 */
export function followSessionEndings(): () => void {
  return onSessionEnded(tellSessionEnded);
}
