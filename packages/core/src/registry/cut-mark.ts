import type { OutputKeep } from '../tool/tool';

/**
 * What a cut kept and dropped, in the unit it was measured in: the registry counts characters, a
 * tool that cuts a byte stream itself (Bash) counts bytes.
 */
export interface CutReport {
  /** The kept start (empty when only the tail is kept). */
  readonly head: string;
  /** The kept end (empty when only the head is kept). */
  readonly tail: string;
  /** The unit of the counts below. */
  readonly unit: 'characters' | 'bytes';
  /** The size of the kept start, in `unit`. */
  readonly headSize: number;
  /** The size of the kept end, in `unit`. */
  readonly tailSize: number;
  /** The size of what was cut, in `unit`. */
  readonly cutSize: number;
  /** The size of the whole output, in `unit`. */
  readonly totalSize: number;
  /** How many lines the cut part touches. */
  readonly cutLines: number;
  /** The 1-based line number where the cut part starts (for Read's offset). */
  readonly firstCutLine: number;
}

/** Where the complete output of a cut went: a file, or why it was not kept. */
export interface SavedOutput {
  /** The file holding the output. */
  readonly path?: string;
  /**
   * Without `path`: why the output was not kept. With it: why the file holds only the start of
   * the output (for example a size ceiling).
   */
  readonly reason?: string;
}

/**
 * The text of a cut output with its mark: the kept part(s) and, where the cut is, a line saying
 * what was cut (sizes and lines), where the complete output was saved and how to read the rest,
 * or why it was not kept. The same wording for every tool, whatever its unit.
 */
export function markCut(cut: CutReport, keep: OutputKeep, saved: SavedOutput): string {
  const { unit } = cut;
  const notKept = `The full output was not kept${saved.reason ? `: ${saved.reason}` : ''}.)`;
  const from = cut.firstCutLine;
  const to = from + cut.cutLines - 1;
  const file = saved.path && saved.reason ? 'The output' : 'The full output';
  const partly = saved.path && saved.reason ? ` (${saved.reason})` : '';
  if (keep === 'tail') {
    const where = saved.path
      ? `${file} is saved in ${saved.path}${partly}; read it with Read (offset/limit) to see the start.)`
      : notKept;
    return `... (truncated: showing the last ${cut.tailSize} of ${cut.totalSize} ${unit}; ${cut.cutSize} ${unit} in ${cut.cutLines} lines before them were cut. ${where} ...\n\n${cut.tail}`;
  }
  const where = saved.path
    ? `${file} is saved in ${saved.path}${partly}; read it with Read from line ${from} (offset/limit) to see the rest.)`
    : notKept;
  const separator = cut.head.endsWith('\n') ? '\n' : '\n\n';
  if (keep === 'head') {
    return `${cut.head}${separator}... (truncated: showing ${cut.headSize} of ${cut.totalSize} ${unit}; ${cut.cutSize} ${unit} in ${cut.cutLines} lines were cut. ${where}`;
  }
  return `${cut.head}${separator}... (truncated: ${cut.cutSize} ${unit} in ${cut.cutLines} lines were cut from the middle (lines ${from} to ${to}); showing the first ${cut.headSize} and the last ${cut.tailSize} of ${cut.totalSize} ${unit}. ${where} ...\n\n${cut.tail}`;
}
