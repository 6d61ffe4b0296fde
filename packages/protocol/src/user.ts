import { z } from 'zod';
import { SPEECH_RATE_MAX, SPEECH_RATE_MIN } from './plain.ts';

/** Mainland China mobile number: 11 digits starting 1[3-9]. */
export const Phone = z
  .string()
  .trim()
  .regex(/^1[3-9]\d{9}$/, { error: 'errors.phone_invalid' });

export const PASSWORD_MIN_LENGTH = 8;
export const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: 'errors.password_too_short' })
  .max(128, { error: 'errors.password_too_long' });

export const Nickname = z
  .string()
  .trim()
  .min(1, { error: 'errors.nickname_empty' })
  .max(32, { error: 'errors.nickname_too_long' });

/** 0 = help-seeker, 1 = volunteer (spec §6). */
export const UserType = z.union([z.literal(0), z.literal(1)], { error: 'errors.user_type_invalid' });
export type UserType = z.infer<typeof UserType>;
export const HELP_SEEKER: UserType = 0;
export const VOLUNTEER: UserType = 1;

export { SPEECH_RATE_DEFAULT, SPEECH_RATE_MAX, SPEECH_RATE_MIN } from './plain.ts';
export const SpeechRate = z
  .number({ error: 'errors.speech_rate_invalid' })
  .min(SPEECH_RATE_MIN, { error: 'errors.speech_rate_invalid' })
  .max(SPEECH_RATE_MAX, { error: 'errors.speech_rate_invalid' });

export const User = z.object({
  id: z.string(),
  /** null: an account made by a social login, with no phone bound yet. */
  phone: z.string().nullable(),
  nickname: z.string().nullable(),
  userType: UserType.nullable(),
  speechRate: z.number(),
});
export type User = z.infer<typeof User>;

export const UpdateMeRequest = z
  .strictObject(
    {
      nickname: Nickname.optional(),
      userType: UserType.optional(),
      speechRate: SpeechRate.optional(),
    },
    { error: 'errors.unknown_field' },
  )
  .refine((v) => Object.keys(v).length > 0, { error: 'errors.nothing_to_update' });
export type UpdateMeRequest = z.infer<typeof UpdateMeRequest>;
