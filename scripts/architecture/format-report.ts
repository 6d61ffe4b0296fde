import type { ArchitectureReport, FootprintFile } from './measure.ts';

/** The features issue 32 measures by name; every other feature is listed after them. */
const MEASURED_FEATURES = ['market', 'points', 'calls'];

const short = (file: string) => file.replace(/^(apps\/(web|server)|packages\/protocol)\/src\//, '$1:');

function footprintLine({ file, imports, keys }: FootprintFile, indent = '    '): string {
  const how = [
    ...imports.map(
      ({ to, typeOnly, via }) =>
        `imports ${short(to)}${via ? ` via ${short(via)}` : ''}${typeOnly ? ' (type)' : ''}`,
    ),
    ...(keys.length > 0 ? [`names ${keys.join(', ')}`] : []),
  ];
  return `${indent}${short(file)} — ${how.join('; ')}`;
}

const list = (title: string, lines: string[]) => [title, ...(lines.length > 0 ? lines : ['    none'])];

/** The report as text: a summary of the issue's numbers first, then every finding behind them. */
export function formatReport(report: ArchitectureReport, root: string): string {
  const byFeature = [...report.footprints].sort(
    (a, b) =>
      (MEASURED_FEATURES.indexOf(a.feature) + 1 || 99) - (MEASURED_FEATURES.indexOf(b.feature) + 1 || 99) ||
      a.feature.localeCompare(b.feature),
  );
  const footprintOf = (feature: string) => report.footprints.find((f) => f.feature === feature);
  const count = (feature: string) => footprintOf(feature)?.files.length ?? 0;
  const uses = (feature: string) => footprintOf(feature)?.uses.length ?? 0;
  const largest = report.largestFiles[0];
  const circleCounts = report.circles.map(
    (c) => `${short(c.root)} ${c.runtime.length} (+${c.withTypes.length} with type-only imports)`,
  );

  return [
    `Architecture report of ${root}`,
    '',
    'Summary',
    `  files outside the feature that adding it required: ${MEASURED_FEATURES.map((f) => `${f} ${count(f)}`).join(', ')}`,
    `  other features' files using it through its public face (not counted): ${MEASURED_FEATURES.map((f) => `${f} ${uses(f)}`).join(', ')}`,
    `  imports into another feature's private files: ${report.privateImports.length}`,
    `  imports running back up: ${report.upwardImports.length}`,
    `  import circles: ${circleCounts.join('; ')}`,
    `  largest non-generated source file: ${largest ? `${largest.lines} lines (${short(largest.file)})` : 'none'}`,
    `  README.md: ${report.readme ? `${report.readme.bytes} bytes, ${report.readme.lines} lines` : 'absent'}`,
    '',
    'Files outside each feature that import its files or name it in a table',
    "  (then, apart: other features' files that use it through its public face, e.g. a link to its page)",
    ...byFeature.flatMap(({ feature, files, uses }) => [
      `  ${feature} (${files.length})`,
      ...files.map((file) => footprintLine(file)),
      ...(uses.length > 0
        ? [
            `    used through its public face by (${uses.length}):`,
            ...uses.map((use) => footprintLine(use, '      ')),
          ]
        : []),
    ]),
    '',
    ...list(
      "Imports into another feature's private files (not its public face)",
      report.privateImports.map((e) => `    ${short(e.from)} → ${short(e.to)}${e.typeOnly ? ' (type)' : ''}`),
    ),
    '',
    ...list(
      'Imports running back up (a lower layer importing a higher one)',
      report.upwardImports.map(
        (e) =>
          `    ${short(e.from)} → ${short(e.to)} (${e.fromLayer} → ${e.toLayer})${e.typeOnly ? ' (type)' : ''}`,
      ),
    ),
    ...(report.unplaced.length > 0
      ? [
          '',
          ...list(
            'Files the layer table does not place',
            report.unplaced.map((f) => `    ${short(f)}`),
          ),
        ]
      : []),
    '',
    'Import circles (strongly connected files; lazy import() counts as an import)',
    ...report.circles.flatMap((c) => [
      ...list(
        `  ${short(c.root)} runtime imports: ${c.runtime.length}`,
        c.runtime.map((members) => `    ${members.map(short).join(' ↔ ')}`),
      ),
      ...list(
        `  ${short(c.root)} closed or widened by type-only imports: ${c.withTypes.length}`,
        c.withTypes.map((members) => `    ${members.map(short).join(' ↔ ')}`),
      ),
    ]),
    '',
    'Largest non-generated source files (lines, tests excluded)',
    ...report.largestFiles.map(({ file, lines }) => `  ${String(lines).padStart(5)}  ${short(file)}`),
    '',
  ].join('\n');
}
