/** The volunteer call pages (spec §2), named once: its manifest and other features' links to them. */
export const callsPaths = {
  videoCall: '/video-call',
  volunteerCalls: '/volunteer-calls',
} as const;

/**
 * The video call, started at once with the seeker's last AI description and its photo shared: one
 * tap from a result the AI was unsure of.
 */
export const CALL_SHARING_LAST = `${callsPaths.videoCall}?share=last`;
