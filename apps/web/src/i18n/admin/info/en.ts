import type { Texts } from '../../texts.ts';
import type { infoAdminZhCN } from './zh-CN.ts';

/** English labels of the back office's feedback page. */
export const infoAdminEn: Texts<typeof infoAdminZhCN> = {
  statusLabel: 'Show',
  status: { open: 'Waiting for a reply', answered: 'Answered' },
  at: 'Sent',
  phone: 'Phone',
  category: 'Kind',
  categories: { problem: 'A problem', suggestion: 'A suggestion', praise: 'Praise', other: 'Other' },
  text: 'Feedback',
  reply: 'Reply',
  replyLabel: 'Reply to the feedback of {{phone}}',
  send: 'Send reply',
  sent: 'Reply sent',
  empty: 'No feedback',
  consent: 'May be contacted',
  photo: 'Picture',
  photoAlt: 'The screenshot or photo the user attached',
};
