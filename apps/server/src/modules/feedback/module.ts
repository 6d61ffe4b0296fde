import type { ModuleContext } from '../../module-context.ts';
import { feedbackPersonalData } from './personal-data.ts';
import { registerFeedbackRoutes } from './routes.ts';
import { FeedbackService } from './service.ts';

/** The contact-us page's feedback (with an optional photo) and the back office's answers to it. */
export function register(ctx: ModuleContext): void {
  const { http, db, audit, clock, userPhotos } = ctx;
  registerFeedbackRoutes(http, new FeedbackService({ db, audit, clock, photos: userPhotos }));
  ctx.personalData.register(feedbackPersonalData(db));
}
