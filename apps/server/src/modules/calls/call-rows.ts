import type { IncomingCall } from '@sfm/protocol/calls';
import type { calls } from '../../db/calls-schema.ts';

export type CallRow = typeof calls.$inferSelect;

/** The name a member is shown to the other: the nickname, never the phone number. */
export const shownName = (nickname: string | null) => nickname ?? '';

/** How a ringing call is shown to a helper: the seeker's nickname, never the phone number. */
export function incomingCall(call: CallRow, seekerNickname: string | null): IncomingCall {
  return {
    callId: call.id,
    seekerName: shownName(seekerNickname),
    language: call.language,
    context: call.context ?? null,
    askedAt: call.createdAt.toISOString(),
  };
}
