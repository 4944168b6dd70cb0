// The tables of BENCHMARKS.md, shared by scripts/bench.mjs (every benchmark) and
// scripts/bench-one.mjs (one package's): a package's figures as a Markdown table, the rows of
// every such table read back, and the Goals summary counted from them.

/** A figure as BENCHMARKS.md shows it: three significant digits or so, and its unit. */
export const format = (value, unit) =>
  `${value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2)} ${unit}`;
const cell = (text) => String(text ?? '').replaceAll('|', '\\|');

/** One package's figures (lines of `record()`) as the lines of a Markdown table. */
export function figureTable(figures) {
  return [
    '| measurement | figure | anchor (same run) | ratio | goal | note |',
    '| --- | --- | --- | --- | --- | --- |',
    ...figures.map(
      (figure) =>
        `| ${[
          figure.measurement,
          format(figure.value, figure.unit),
          figure.anchor
            ? `${figure.anchor.label}: ${format(figure.anchor.value, figure.unit)}`
            : '',
          figure.ratio === undefined ? '' : `${figure.ratio.toFixed(2)}x`,
          figure.goal ? `${figure.goal.met ? 'met' : '**missed**'} (${figure.goal.text})` : '',
          figure.note ?? '',
        ]
          .map(cell)
          .join(' | ')} |`,
    ),
  ];
}

/**
 * The rows of every figure table in a document's lines (the tables whose first column is
 * `measurement`, under a `## <package>` heading), whatever their column padding.
 */
export function tableRows(lines) {
  const rows = [];
  let section = '';
  let inFigures = false;
  for (const line of lines) {
    if (line.startsWith('## ')) section = line.slice(3).trim();
    if (!line.startsWith('|')) {
      inFigures = false;
      continue;
    }
    const cells = line
      .slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined)
      .split(/(?<!\\)\|/)
      .map((text) => text.trim());
    if (cells[0] === 'measurement') {
      inFigures = true;
      continue;
    }
    if (!inFigures || /^:?-+:?$/.test(cells[0])) continue;
    const [measurement, figure, , ratio, goal] = cells;
    rows.push({ package: section, measurement, figure, ratio, goal: goal ?? '' });
  }
  return rows;
}

/** The `## Goals` section (lines, a blank one last): how many goals are met, and the missed ones. */
export function goalsSummary(rows) {
  const goals = rows.filter((row) => /^(met|\*\*missed\*\*) \(/.test(row.goal));
  const missed = goals.filter((row) => row.goal.startsWith('**missed**'));
  return [
    '## Goals',
    '',
    `${goals.length - missed.length} of ${goals.length} goals met.`,
    ...(missed.length
      ? [
          '',
          'Missed:',
          '',
          ...missed.map(
            (row) =>
              `- ${row.package}: ${row.measurement}: ${row.figure}${row.ratio ? ` (${row.ratio})` : ''}, goal ${row.goal.slice('**missed** ('.length, -1)}`,
          ),
        ]
      : []),
    '',
  ];
}
