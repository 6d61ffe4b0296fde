import type { Platform } from '@sfm/protocol';
import type { VersionRow } from './repo.ts';

const PLATFORM_NAMES: Record<Platform, string> = { h5: 'Web', android: 'Android', ios: 'iOS' };

const HEADING = /^(#{1,6})(?=\s)/gm;

/**
 * A note's own headings go right below its version's "##": the note's highest becomes "###" and
 * the others keep their distance from it, so each version stays one section, its levels in order.
 */
function demoteHeadings(markdown: string): string {
  const levels = [...markdown.matchAll(HEADING)].map((m) => m[1]?.length ?? 0);
  if (levels.length === 0) return markdown;
  const shift = 3 - Math.min(...levels);
  return markdown.replace(HEADING, (marks) => '#'.repeat(Math.min(6, marks.length + shift)));
}

/**
 * The release-note markdown file of the download page (spec §2/§7): one section per published
 * version, the latest publication first, headed by its name, platform and day. Null when nothing is
 * published (the page then says there are no update notes yet).
 */
export function releaseNotesMarkdown(published: readonly VersionRow[]): string | null {
  if (published.length === 0) return null;
  return published
    .map((v) => {
      const day = (v.publishedAt ?? v.createdAt).toISOString().slice(0, 10);
      const heading = `## ${v.versionName} · ${PLATFORM_NAMES[v.platform as Platform]} · ${day}`;
      const notes = demoteHeadings(v.releaseNotes.trim());
      return notes ? `${heading}\n\n${notes}\n` : `${heading}\n`;
    })
    .join('\n');
}
