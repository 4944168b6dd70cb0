import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OutputKeep } from '../tool/tool';
import { markCut, type SavedOutput } from './cut-mark';
import { spillOutput } from './output-spill';
import { truncateText } from './truncate-output';

/** Where and how long the full text of a cut output is kept (a registry's spill options). */
export interface SpillSettings {
  /** The workspace; the default spill folder is inside it. */
  readonly workspaceRoot?: string;
  /** The spill folder, or `false` to keep nothing. */
  readonly spillDirectory?: string | false;
  /** Saved outputs older than this are deleted. */
  readonly spillMaxAgeMs?: number;
  /** At most this many saved outputs are kept. */
  readonly spillMaxFiles?: number;
}

/** A tool's output after the limit: the text to show, and where the full text went. */
export interface LimitedOutput {
  readonly text: string;
  readonly truncated: boolean;
  readonly fullOutputPath?: string;
}

/** What a tool said about its own output: it cut it already, and where it saved the whole. */
export interface ToolCut {
  readonly truncated?: boolean;
  readonly fullOutputPath?: string;
}

/**
 * Applies an output limit once: text within `maxChars` is returned as it is; longer text is cut
 * (keeping the head, the tail, or both), its full text saved to the spill folder, and a mark
 * added that says what was cut and where the rest is (or why it was not kept). Output a tool
 * already cut and saved itself (`toolCut`) is not saved again; it is cut only if it still does not
 * fit, and the mark then points at the tool's file.
 */
export async function limitOutput(
  toolName: string,
  content: string,
  maxChars: number,
  settings: SpillSettings,
  keep: OutputKeep = 'head',
  toolCut: ToolCut = {},
): Promise<LimitedOutput> {
  const toolPath = toolCut.fullOutputPath;
  const cutByTool = toolCut.truncated === true || toolPath !== undefined;
  const own = { truncated: cutByTool, ...(toolPath && { fullOutputPath: toolPath }) };
  if (content.length <= maxChars) return { text: content, ...own };
  const cut = truncateText(content, maxChars, keep);
  const saved: SavedOutput = toolPath
    ? { path: toolPath }
    : cutByTool
      ? { reason: 'the tool had cut it already and did not save it' }
      : await keepFullOutput(toolName, content, settings);
  const text = markCut(
    {
      head: cut.head,
      tail: cut.tail,
      unit: 'characters',
      headSize: cut.head.length,
      tailSize: cut.tail.length,
      cutSize: cut.cutCharacters,
      totalSize: cut.totalCharacters,
      cutLines: cut.cutLines,
      firstCutLine: cut.firstCutLine,
    },
    keep,
    saved,
  );
  return { text, truncated: true, ...(saved.path && { fullOutputPath: saved.path }) };
}

/** The spill folder of these settings, or `undefined` when spilling is off. */
export function spillDirectoryOf(settings: SpillSettings): string | undefined {
  const configured = settings.spillDirectory;
  if (configured === false) return undefined;
  if (configured) return configured;
  return settings.workspaceRoot
    ? join(settings.workspaceRoot, '.tinyelf', 'tool-output')
    : join(tmpdir(), 'tinyelf-tool-output');
}

async function keepFullOutput(
  toolName: string,
  content: string,
  settings: SpillSettings,
): Promise<SavedOutput> {
  const directory = spillDirectoryOf(settings);
  if (!directory) return { reason: 'saving full outputs is turned off' };
  try {
    const path = await spillOutput(
      { directory, maxAgeMs: settings.spillMaxAgeMs, maxFiles: settings.spillMaxFiles },
      toolName,
      content,
    );
    return { path };
  } catch (error) {
    return { reason: `it could not be saved (${(error as Error).message})` };
  }
}
