import { textNamespace } from '../namespace.ts';
import { profileEn } from './en.ts';
import { profileZhCN } from './zh-CN.ts';

/** The personal centre's page, its link labels (`profile.`, the features' personal-centre.ts name them) and its account and security cards: `useTranslation(PROFILE_NS)`. */
export const PROFILE_NS = textNamespace('profile', profileZhCN, profileEn);
