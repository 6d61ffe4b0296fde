import { z } from 'zod';

/** The languages a volunteer can say they speak and a seeker can ask in. */
export const CALL_LANGUAGES = ['zh', 'en', 'yue'] as const;
export const CallLanguage = z.enum(CALL_LANGUAGES);
export type CallLanguage = z.infer<typeof CallLanguage>;
