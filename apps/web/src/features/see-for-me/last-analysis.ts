/** The latest description the camera heard back, with its photo's (signed, short-lived) address. */
export interface LastAnalysis {
  description: string;
  imageUrl?: string;
}

// kept in memory only: a help-seeker may share it with a volunteer in this visit, and it is never
// written to the device's storage
let last: LastAnalysis | null = null;

export function rememberAnalysis(analysis: LastAnalysis): void {
  last = analysis;
}

/** What a help-seeker may choose to share when calling a volunteer; null before any analysis. */
export const lastAnalysis = (): LastAnalysis | null => last;
