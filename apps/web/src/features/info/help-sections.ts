import type { TFunction } from 'i18next';
import { INFO_NS } from '../../i18n/info/index.ts';
import { SCENE_MODES, type SceneModeEntry } from '../see-for-me/index.ts';

/** A section of the help page: its heading and its paragraphs (what is shown, searched and read aloud). */
export interface HelpSection {
  id: string;
  title: string;
  paragraphs: string[];
}

/** A help text's key, named with its namespace: the caller's t may be any namespace's (the page's, a test's). */
const help = (name: string) => `${INFO_NS}:help.${name}`;

const list = (t: TFunction, key: string) => t(key, { returnObjects: true }) as unknown as string[];

/**
 * One line per scene mode, written from the registry: a mode added there documents itself here.
 * The interval said is the mode's own (every 10 s for realtime and move). Spec §9 notes that the
 * original's hints say "10 minutes" for realtime and move, which no mode does: a blind user plans by
 * what they hear, so the hint says what the mode really does.
 */
function describeMode(t: TFunction, mode: SceneModeEntry): string {
  // a live channel's pace and tap do not say what it does: it has a line of its own
  if (mode.summaryKey) return t(help('modeLine'), { mode: t(mode.labelKey), text: t(mode.summaryKey) });
  const parts = [
    mode.captureIntervalMs > 0
      ? t(help('modeAuto'), { seconds: mode.captureIntervalMs / 1000 })
      : t(help('modeOnDemand')),
    t(help(`tap.${mode.tap}`)),
    t(help(`listening.${mode.listening}`)),
    mode.dangerWatch ? t(help('danger')) : '',
  ];
  return t(help('modeLine'), {
    mode: t(mode.labelKey),
    text: parts.filter(Boolean).join(t(help('sentenceGap'))),
  });
}

/**
 * The modes a user can reach here: those on the screen (a tab, or under "more scenes"), and those
 * reached by name through the voice assistant only where voice input works.
 */
export function reachableModes(voiceAvailable: boolean, modes: readonly SceneModeEntry[] = SCENE_MODES) {
  return modes.filter((m) => m.visibility !== 'hidden' || voiceAvailable);
}

/** What the voice assistant hears, or why it cannot listen on this device. */
function voiceParagraphs(t: TFunction, voiceAvailable: boolean, sample: string): string[] {
  if (!voiceAvailable) return [t(help('voiceUnavailable'))];
  return [
    t(help('voiceIntro')),
    t(help('voiceOpen')),
    t(help('voiceMode'), { mode: sample }),
    ...(['stop', 'repeat', 'faster', 'slower'] as const).map((c) => `“${t(`assistant.commands.${c}`)}”`),
  ];
}

/** The help page's sections for this device: `modes` are those the user can reach (reachableModes). */
export function helpSections(
  t: TFunction,
  modes: readonly SceneModeEntry[] = SCENE_MODES,
  voiceAvailable = true,
): HelpSection[] {
  const sample = modes[0] ? t(modes[0].labelKey) : '';
  return [
    {
      id: 'modes',
      title: t(help('modesTitle')),
      paragraphs: [t(help('modesIntro')), ...modes.map((m) => describeMode(t, m))],
    },
    {
      id: 'gestures',
      title: t(help('gesturesTitle')),
      paragraphs: list(t, help('gestures')),
    },
    {
      id: 'voice',
      title: t(help('voiceTitle')),
      paragraphs: voiceParagraphs(t, voiceAvailable, sample),
    },
    { id: 'calls', title: t(help('callsTitle')), paragraphs: list(t, help('calls')) },
    { id: 'points', title: t(help('pointsTitle')), paragraphs: list(t, help('points')) },
  ];
}

/** The sections containing `query` (in the heading or a paragraph), case-insensitively; all for a blank query. */
export function searchSections(sections: readonly HelpSection[], query: string): HelpSection[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...sections];
  return sections.filter((s) => [s.title, ...s.paragraphs].some((text) => text.toLowerCase().includes(q)));
}
