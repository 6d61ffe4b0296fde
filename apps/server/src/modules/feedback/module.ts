import type { ModuleContext } from '../../module-context.ts';
import { registerFeedbackRoutes } from './routes.ts';
import { FeedbackService } from './service.ts';

/** The contact-us page's feedback and the back office's answers to it. */
export function register({ http, db, audit, clock }: ModuleContext): void {
  registerFeedbackRoutes(http, new FeedbackService({ db, audit, clock }));
}
