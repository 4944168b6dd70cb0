import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/**
 * Applies an output limit once: text within `maxChars` is returned as it is; longer text is cut,
 * its full text saved to the spill folder, and a mark appended that says what was cut and where
 * the rest is (or why it was not kept).
 */
export async function limitOutput(
  toolName: string,
  content: string,
  maxChars: number,
  settings: SpillSettings,
): Promise<LimitedOutput> {
  if (content.length <= maxChars) return { text: content, truncated: false };
  const cut = truncateText(content, maxChars);
  const saved = await keepFullOutput(toolName, content, settings);
  const shownLines = countLines(cut.text);
  const where = saved.path
    ? `The full output is saved in ${saved.path}; read it with Read from line ${shownLines + 1} (offset/limit) to see the rest.)`
    : `The full output was not kept${saved.reason ? `: ${saved.reason}` : ''}.)`;
  const text = `${cut.text}${cut.text.endsWith('\n') ? '\n' : '\n\n'}... (truncated: showing ${cut.text.length} of ${cut.totalCharacters} characters; ${cut.cutCharacters} characters in ${cut.cutLines} lines were cut. ${where}`;
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
): Promise<{ path?: string; reason?: string }> {
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

function countLines(text: string): number {
  let lines = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines++;
  return text.endsWith('\n') || text.length === 0 ? lines : lines + 1;
}
