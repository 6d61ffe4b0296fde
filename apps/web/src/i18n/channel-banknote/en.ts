import type { Texts } from '../texts.ts';
import type { channelBanknoteZhCN } from './zh-CN.ts';

export const channelBanknoteEn: Texts<typeof channelBanknoteZhCN> = {
  value: '{{value}} yuan',
  doubt: {
    noNumeral: 'Not sure: the value’s numbers are not clear. Hold the note flat and in view, with more light',
    weak: 'Not sure. Hold the note flat and in view, with more light',
    colourContradicts: 'Not sure. Hold the note flat and in view, with more light',
    conflict: 'Not sure: more than one value is in view. Show one note at a time',
    foreign: 'Not sure: this does not look like a Chinese yuan note',
  },
  noNote: 'No banknote in view. Hold the note flat and in view, with more light',
  unavailable: 'Banknote reading is not available right now',
  cloudSays: 'Cloud reading: {{text}}',
  cloudPrompt:
    'If the photo shows a banknote, say only its currency and value, for example "100 Chinese yuan" or "20 US dollars". Answer only when you clearly see the value’s numbers; when they are unclear, when there are several different notes, or when it is not a banknote, answer only "Not sure". Do not guess and describe nothing else.',
};
