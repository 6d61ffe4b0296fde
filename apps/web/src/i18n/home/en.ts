import type { Texts } from '../texts.ts';
import type { homeZhCN } from './zh-CN.ts';

export const homeEn: Texts<typeof homeZhCN> = {
  title: 'See for me',
  slogan: 'Let AI and volunteers be your eyes',
  welcome:
    'Welcome to See for me. Point your camera and the AI describes your surroundings, reads text aloud and answers your questions; when you need it, a volunteer can look for you over a video call.',
  tryNow: 'Try now',
  download: 'Download the app',
};
