import type { TFunction } from 'i18next';
import { SCENE_MODES, type SceneModeEntry } from '../see-for-me/index.ts';

/** A section of the help page: its heading and its paragraphs (what is shown, searched and read aloud). */
export interface HelpSection {
  id: string;
  title: string;
  paragraphs: string[];
}

const list = (t: TFunction, key: string) => t(key, { returnObjects: true }) as unknown as string[];

/**
 * One line per scene mode, written from the registry: a mode added there documents itself here.
 * The interval said is the mode's own (every 10 s for realtime and move). Spec §9 notes that the
 * original's hints say "10 minutes" for realtime and move, which no mode does: a blind user plans by
 * what they hear, so the hint says what the mode really does.
 */
function describeMode(t: TFunction, mode: SceneModeEntry): string {
  const parts = [
    mode.captureIntervalMs > 0
      ? t('personal.help.modeAuto', { seconds: mode.captureIntervalMs / 1000 })
      : t('personal.help.modeOnDemand'),
    t(`personal.help.tap.${mode.tap}`),
    t(`personal.help.listening.${mode.listening}`),
    mode.dangerWatch ? t('personal.help.danger') : '',
  ];
  return t('personal.help.modeLine', {
    mode: t(mode.labelKey),
    text: parts.filter(Boolean).join(t('personal.help.sentenceGap')),
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
  if (!voiceAvailable) return [t('personal.help.voiceUnavailable')];
  return [
    t('personal.help.voiceIntro'),
    t('personal.help.voiceOpen'),
    t('personal.help.voiceMode', { mode: sample }),
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
      title: t('personal.help.modesTitle'),
      paragraphs: [t('personal.help.modesIntro'), ...modes.map((m) => describeMode(t, m))],
    },
    {
      id: 'gestures',
      title: t('personal.help.gesturesTitle'),
      paragraphs: list(t, 'personal.help.gestures'),
    },
    {
      id: 'voice',
      title: t('personal.help.voiceTitle'),
      paragraphs: voiceParagraphs(t, voiceAvailable, sample),
    },
    { id: 'calls', title: t('personal.help.callsTitle'), paragraphs: list(t, 'personal.help.calls') },
    { id: 'points', title: t('personal.help.pointsTitle'), paragraphs: list(t, 'personal.help.points') },
  ];
}

/** The sections containing `query` (in the heading or a paragraph), case-insensitively; all for a blank query. */
export function searchSections(sections: readonly HelpSection[], query: string): HelpSection[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...sections];
  return sections.filter((s) => [s.title, ...s.paragraphs].some((text) => text.toLowerCase().includes(q)));
}
