/**
 * Composes the spoken Chinese description of a scene from detections and OCR text. It only ever
 * names what the detector found (hedged when unsure) and text the recogniser read; road and
 * traffic context is stated only when vehicles or traffic controls were actually detected, which is
 * what lets the client's danger-scene check fire in move modes. One photo shows neither motion nor
 * what lies outside it: the phrases say where things are, never that they move ("passing").
 */
import type { Box } from '@sfm/ocr';
import { HELD_NAME_MIN_SCORE, heldThing, withoutOwnArm, withoutSkinCreases } from './held-in-hand.ts';
import type { DetectedObject } from './object-detector.ts';
import { classNameOf, countWord, fill, phrases } from './phrases.ts';
import { placeWords } from './scene-layout.ts';
import {
  byUrgency,
  groupedByClass,
  HAZARD_LABELS,
  mentionable,
  sightingsOf,
  TRAFFIC_CONTROL_LABELS,
  VEHICLE_LABELS,
  type Sighting,
} from './sightings.ts';
import type { Edge, TextRow } from '@sfm/ocr';
import type { LightColour } from './traffic-light-colour.ts';

/** Classes named in an overview; more would be too long to listen to. */
const MAX_OVERVIEW_CLASSES = 6;
/** Text rows read out in a scene description. */
const MAX_SCENE_TEXT_ROWS = 3;
/** Rows read out in scene modes must be read confidently. */
const SCENE_TEXT_MIN_SCORE = 0.8;
/** Non-hazard objects mentioned after the hazards in move modes. */
const MAX_MOBILITY_EXTRAS = 2;

const END = phrases.sentenceEnd;

/** "左边可能有两个人" — one class at one place. */
export function sightingPhrase(s: Sighting): string {
  const { name, measure } = classNameOf(s.label);
  return fill(s.hedged ? phrases.maySee : phrases.sees, {
    place: placeWords(s.place, s.distance),
    count: countWord(s.count),
    measure,
    name,
  });
}

/** The road/traffic sentence, only when detections support it. */
function roadContext(objects: readonly DetectedObject[]): string {
  const labels = new Set(mentionable(objects).map((o) => o.label));
  if ([...labels].some((l) => VEHICLE_LABELS.has(l))) return phrases.roadContext;
  if ([...labels].some((l) => TRAFFIC_CONTROL_LABELS.has(l))) return phrases.trafficSignContext;
  return '';
}

/** The most prominent confidently read rows, kept in reading order, after `intro`. */
function prominentText(rows: readonly TextRow[], intro: string = phrases.textIntro): string {
  const legible = rows.filter((r) => r.score >= SCENE_TEXT_MIN_SCORE && r.text.trim());
  if (!legible.length) return '';
  const chosen = new Set([...legible].sort((a, b) => b.height - a.height).slice(0, MAX_SCENE_TEXT_ROWS));
  const spoken = legible.filter((r) => chosen.has(r)).map((r) => r.text.trim());
  return (
    intro + spoken.join(phrases.listSeparator) + (legible.length > chosen.size ? phrases.moreText : '') + END
  );
}

/**
 * realtime / observe / continuous / click: legible text first (what blind users most often point
 * the camera at is print: a label, a screen, a sign), then what is where. With neither, the answer
 * says it is unsure and what helps, instead of naming a guess. With a hand holding something up
 * (`hand`, see held-in-hand.ts) the answer starts from the hand: what it holds, what is written on
 * it, or that it cannot tell — and the holder's own arm is never "a person".
 */
export function describeOverview(
  objects: readonly DetectedObject[],
  text: readonly TextRow[],
  hand: Box | null = null,
): string {
  const said = hand ? describeHeld(objects, text, hand) : describeView(objects, text, phrases.textIntro);
  return said || phrases.nothingDetected;
}

/** Text, then objects by place, then road context; empty when there is none of them. */
function describeView(
  objects: readonly DetectedObject[],
  text: readonly TextRow[],
  textIntro: string,
): string {
  const classes = groupedByClass(sightingsOf(objects)).slice(0, MAX_OVERVIEW_CLASSES);
  const sentences = classes.map((group) => group.map(sightingPhrase).join(phrases.listSeparator) + END);
  return prominentText(text, textIntro) + sentences.join('') + roadContext(objects);
}

function describeHeld(objects: readonly DetectedObject[], allText: readonly TextRow[], hand: Box): string {
  const held = heldThing(objects, hand);
  // the held thing is said by name or not at all: never again as "正前方有……"
  const rest = withoutOwnArm(objects, hand).filter((o) => o !== held);
  const text = withoutSkinCreases(allText, hand);
  if (held && held.score >= HELD_NAME_MIN_SCORE) {
    const named = fill(phrases.held.thing, { ...classNameOf(held.label) });
    return named + describeView(rest, text, phrases.held.textOnIt);
  }
  if (prominentText(text)) return describeView(rest, text, phrases.held.textInHand);
  return phrases.held.unknown + describeView(rest, text, phrases.textIntro);
}

const HAZARD_WORDS: readonly string[] = phrases.hazardWords;

/** Rows of legible text that warn of a hazard ("小心地滑", "施工"), said first in move modes. */
function hazardSigns(rows: readonly TextRow[]): string[] {
  return rows
    .filter((r) => r.score >= SCENE_TEXT_MIN_SCORE)
    .map((r) => r.text.trim())
    .filter((t) => HAZARD_WORDS.some((w) => t.toLowerCase().includes(w.toLowerCase())))
    .slice(0, MAX_SCENE_TEXT_ROWS);
}

/**
 * move / move_go: a warning sign's words first ("小心地滑"), then hazards nearest first in short
 * sentences, a caution lead for near ones.
 */
export function describeForMobility(
  objects: readonly DetectedObject[],
  lightColours: readonly { sighting: Sighting; colour: LightColour }[] = [],
  text: readonly TextRow[] = [],
): string {
  const sightings = sightingsOf(objects).sort(byUrgency);
  const hazards = sightings.filter((s) => HAZARD_LABELS.has(s.label));
  const extras = sightings.filter((s) => !HAZARD_LABELS.has(s.label)).slice(0, MAX_MOBILITY_EXTRAS);
  const signs = hazardSigns(text).map((t) => fill(phrases.hazardSign, { text: t }));
  if (!hazards.length && !extras.length) return signs.length ? signs.join('') : phrases.pathLooksClear;
  const sentences = [...hazards, ...extras].map((s, i) => {
    const lead = i === 0 && s.distance === 'near' && HAZARD_LABELS.has(s.label) ? phrases.caution : '';
    return lead + sightingPhrase(s) + END;
  });
  const lights = lightColours.map(
    ({ sighting, colour }) =>
      fill(phrases.qa.lightColour, {
        place: placeWords(sighting.place, 'middle'),
        colour: phrases.colours[colour],
      }) + phrases.qa.colourCaveat,
  );
  return signs.join('') + sentences.join('') + lights.join('') + roadContext(objects);
}

/**
 * reading / diabetes: the text in reading order, then, when lines run into a side of the photo,
 * which way to move the phone to get the rest ("文字被画面右边切掉了，请把手机稍微往右移一点再拍").
 */
export function describeText(text: readonly TextRow[]): string {
  const rows = text.map((r) => r.text.trim()).filter(Boolean);
  if (!rows.length) return phrases.noText;
  const edge = mostCutEdge(text);
  const advice = edge
    ? '\n' + fill(phrases.cutOffText, { edge: phrases.edges[edge], direction: phrases.moveDirections[edge] })
    : '';
  return rows.join('\n') + advice;
}

/**
 * The side most rows run into, if any. A row in a corner (touching two sides) is left out: that is
 * where watermarks and camera stamps sit, and where a page's corner shows, not where a line is cut.
 */
function mostCutEdge(rows: readonly TextRow[]): Edge | null {
  const counts = new Map<Edge, number>();
  for (const row of rows) {
    if ((row.edges?.length ?? 0) !== 1) continue;
    for (const edge of row.edges ?? []) counts.set(edge, (counts.get(edge) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}
