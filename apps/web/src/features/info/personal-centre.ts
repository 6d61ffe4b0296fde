import type { PersonalCentreEntries } from '../../ui/feature-manifest.ts';
import { routes } from '../../ui/routes.ts';
import { MyFeedback } from './my-feedback-list.tsx';

/** Help, donate and contact us in the list; the user's feedback and the replies to it as a card. */
export const personalCentre: PersonalCentreEntries = {
  links: [
    { to: routes.help, labelKey: 'profile.help', order: 3 },
    { to: routes.donate, labelKey: 'profile.donate', order: 4 },
    { to: routes.contactUs, labelKey: 'profile.contactUs', order: 5 },
  ],
  sections: [{ place: 'activity', Section: MyFeedback }],
};
