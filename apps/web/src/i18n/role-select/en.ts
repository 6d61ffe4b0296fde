import type { Texts } from '../texts.ts';
import type { roleSelectZhCN } from './zh-CN.ts';

export const roleSelectEn: Texts<typeof roleSelectZhCN> = {
  title: 'Choose your role',
  intro: 'Tell us how you use See for me; you can change it later in the personal centre.',
  seeker: 'I need visual help',
  seekerDescription:
    'Get AI descriptions through your camera, or ask a volunteer to look for you over video.',
  volunteer: 'I am a volunteer',
  volunteerDescription: 'Answer video calls from blind and low-vision people and lend them your eyes.',
  current: 'Current role: {{role}}',
  saving: 'Saving…',
  chosen: 'Chosen: {{role}}',
};
