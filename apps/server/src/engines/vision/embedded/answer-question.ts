/**
 * Answers a spoken question (qa / question / dialogue) from what was detected and read — nothing
 * else. The question is matched by keywords against intent words and Chinese/English class names;
 * when the detections and text cannot answer it, the answer says so plainly instead of guessing.
 */
import type { Box } from '@sfm/ocr';
import type { DetectedObject } from './object-detector.ts';
import { classNameOf, cocoClassLabels, countWord, fill, phrases } from './phrases.ts';
import { describeOverview, sightingPhrase } from './describe-scene.ts';
import type { TextRow } from '@sfm/ocr';
import { placeWords, type Place } from './scene-layout.ts';
import { CONFIDENT_THRESHOLD, mentionable, sightingsOf } from './sightings.ts';
import { answerFromText, fieldAskedAbout } from './text-lookup.ts';
import type { LightColour } from './traffic-light-colour.ts';

export type QuestionIntent = 'light' | 'colour' | 'text' | 'count' | 'presence' | 'overview' | 'unknown';

export interface LightReading {
  place: Place;
  colour: LightColour | null;
}

export interface QuestionFacts {
  objects: readonly DetectedObject[];
  text: readonly TextRow[];
  /** Colour of each detected traffic light, null when it could not be told. */
  lights: readonly LightReading[];
  /** A hand holding something up to the camera (held-in-hand.ts), if one is seen. */
  hand?: Box | null;
}

const has = (q: string, words: readonly string[]) => words.some((w) => q.includes(w.toLowerCase()));

/** Order matters: "多少钱" is a text question before "多少" makes it a count. */
export function intentOf(question: string): QuestionIntent {
  const q = question.toLowerCase();
  const w = phrases.questionWords;
  if (has(q, w.lightState)) return 'light';
  if (has(q, w.colour)) return 'colour';
  if (has(q, w.text)) return 'text';
  if (has(q, w.count)) return 'count';
  if (has(q, w.presence)) return 'presence';
  if (has(q, w.overview)) return 'overview';
  return 'unknown';
}

const synonyms: Record<string, string[]> = phrases.classSynonyms;

/** The COCO class the question is about (longest matching name wins: 红绿灯 over 灯), if any. */
export function classAskedAbout(question: string): string | null {
  const q = question.toLowerCase();
  let best: { label: string; length: number } | null = null;
  for (const label of cocoClassLabels) {
    for (const name of [classNameOf(label).name, label, ...(synonyms[label] ?? [])]) {
      if (q.includes(name.toLowerCase()) && name.length > (best?.length ?? 0))
        best = { label, length: name.length };
    }
  }
  return best?.label ?? null;
}

/** The question minus trailing punctuation, to quote what could not be determined. */
const subjectOf = (question: string) => question.trim().replace(/[？?。.!！\s]+$/u, '');

function answerColour(facts: QuestionFacts): string {
  if (!facts.lights.length) return phrases.qa.noTrafficLight;
  const known = facts.lights.filter((l): l is LightReading & { colour: LightColour } => l.colour !== null);
  if (!known.length) return phrases.qa.lightColourUnsure;
  return (
    known
      .map((l) =>
        fill(phrases.qa.lightColour, {
          place: placeWords(l.place, 'middle'),
          colour: phrases.colours[l.colour],
        }),
      )
      .join('') + phrases.qa.colourCaveat
  );
}

function answerText(facts: QuestionFacts): string {
  const rows = facts.text.map((r) => r.text.trim()).filter(Boolean);
  return rows.length ? phrases.qa.textAnswer + rows.join('\n') : phrases.qa.noTextAnswer;
}

function answerCount(label: string, facts: QuestionFacts): string {
  const { name, measure } = classNameOf(label);
  const found = mentionable(facts.objects).filter((o) => o.label === label);
  if (!found.length) return fill(phrases.qa.noneOfThing, { name });
  const hedge = found.some((o) => o.score < CONFIDENT_THRESHOLD) ? phrases.qa.countHedge : '';
  return fill(phrases.qa.countAnswer, { hedge, count: countWord(found.length), measure, name });
}

function answerPresence(label: string, facts: QuestionFacts): string {
  const sightings = sightingsOf(facts.objects).filter((s) => s.label === label);
  if (!sightings.length) return fill(phrases.qa.no, { name: classNameOf(label).name });
  return phrases.qa.yes + sightings.map(sightingPhrase).join(phrases.listSeparator) + phrases.sentenceEnd;
}

/** The printed line that answers the question, read back with the field it came from. */
function answerFromPrint(question: string, facts: QuestionFacts): string | null {
  const match = answerFromText(question, facts.text);
  if (!match) return null;
  return match.field
    ? fill(phrases.qa.fieldAnswer, { field: match.field, line: match.line })
    : fill(phrases.qa.lineAnswer, { line: match.line });
}

export function answerQuestion(question: string, facts: QuestionFacts): string {
  const intent = intentOf(question);
  const label = classAskedAbout(question);
  if (intent === 'light' || (intent === 'colour' && label === 'traffic light')) return answerColour(facts);
  // a question about something printed (a dose, a time, a date, a price) is answered from the print
  if (fieldAskedAbout(question)) {
    const printed = answerFromPrint(question, facts);
    if (printed) return printed;
  }
  // colours of anything else cannot be read off detection boxes
  if (intent === 'colour') return fill(phrases.qa.cannotTell, { subject: subjectOf(question) });
  if (intent === 'text') return answerText(facts);
  if (label !== null && (intent === 'count' || intent === 'presence' || intent === 'overview')) {
    return intent === 'count' ? answerCount(label, facts) : answerPresence(label, facts);
  }
  if (intent === 'overview' || question.trim() === '') {
    return phrases.qa.whatIsHere + describeOverview(facts.objects, facts.text, facts.hand ?? null);
  }
  // a thing the detector has no class for ("有没有台阶"), or a question it cannot parse: the text
  // in view may still answer it ("出口在哪" beside a sign reading "出口 →")
  const printed = answerFromPrint(question, facts);
  if (printed) return printed;
  const subject = subjectOf(question);
  return subject ? fill(phrases.qa.cannotTell, { subject }) : phrases.qa.cannotTellGeneric;
}
