import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseFrontMatter } from '../front-matter';

/** A slash command: a Markdown file whose body is a prompt template. */
export interface SlashCommand {
  /** The command's name (its file name), typed as `/name`. */
  readonly name: string;
  /** What it does, from its front matter or its first line. */
  readonly description: string;
  /** How to call it (`argument-hint`), for help lists. */
  readonly argumentHint?: string;
  /** Tool names (or `prefix*`) the command may use; undefined means all. */
  readonly allowedTools?: readonly string[];
  /** The model the command asks for. */
  readonly model?: string;
  /** Where it was found: the workspace's `.tinyelf/commands` or the user's. */
  readonly source: 'workspace' | 'user';
  /** The command's Markdown file. */
  readonly file: string;
  /** Its prompt, with `$ARGUMENTS` and `$1`..`$9` still in place. */
  readonly template: string;
}

/** A command expanded with its arguments. */
export interface ExpandedCommand {
  /** The command expanded. */
  readonly command: SlashCommand;
  /** Its prompt with the arguments filled in. */
  readonly prompt: string;
}

/**
 * Loads slash commands from `.tinyelf/commands/*.md` in the workspace and `~/.tinyelf/commands/`
 * (the workspace wins on a name clash). Front matter (optional): `description`, `argument-hint`,
 * `allowed-tools` (a list or a comma-separated string), `model`. Files in sub-folders are named
 * `folder:name`. Each call reads the folders again.
 */
export class CommandLoader {
  constructor(private readonly options: { workspaceRoot: string; homeDir?: string }) {}

  /** Every command, by name. */
  list(): SlashCommand[] {
    const byName = new Map<string, SlashCommand>();
    const sources = [
      {
        folder: join(this.options.workspaceRoot, '.tinyelf', 'commands'),
        source: 'workspace' as const,
      },
      {
        folder: join(this.options.homeDir ?? homedir(), '.tinyelf', 'commands'),
        source: 'user' as const,
      },
    ];
    for (const { folder, source } of sources) {
      for (const { name, file } of markdownFiles(folder, '')) {
        if (byName.has(name)) continue;
        byName.set(name, readCommand(name, file, source));
      }
    }
    return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  /** A command by name (a leading `/` is ignored). */
  find(name: string): SlashCommand | undefined {
    const wanted = name.replace(/^\//, '');
    return this.list().find((command) => command.name === wanted);
  }

  /** Expands a command with its arguments (`$ARGUMENTS`, `$1`..`$9`). */
  expand(command: SlashCommand, args = ''): ExpandedCommand {
    return { command, prompt: expandTemplate(command.template, args) };
  }
}

function markdownFiles(
  folder: string,
  prefix: string,
  depth = 0,
): { name: string; file: string }[] {
  if (!existsSync(folder) || depth > 4) return [];
  const found: { name: string; file: string }[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory())
      found.push(...markdownFiles(path, `${prefix}${entry.name}:`, depth + 1));
    else if (entry.isFile() && entry.name.endsWith('.md'))
      found.push({ name: `${prefix}${entry.name.slice(0, -3)}`, file: path });
  }
  return found;
}

function readCommand(name: string, file: string, source: 'workspace' | 'user'): SlashCommand {
  const text = readFileSync(file, 'utf8');
  let attributes: Record<string, unknown> = {};
  let template = text;
  try {
    ({ attributes, body: template } = parseFrontMatter(text));
  } catch {
    // A command without front matter is all template.
  }
  const tools = attributes['allowed-tools'];
  const allowedTools = Array.isArray(tools)
    ? tools.map(String)
    : typeof tools === 'string'
      ? tools
          .split(',')
          .map((tool) => tool.trim())
          .filter(Boolean)
      : undefined;
  return {
    name,
    description:
      typeof attributes.description === 'string' ? attributes.description : firstLine(template),
    argumentHint:
      typeof attributes['argument-hint'] === 'string' ? attributes['argument-hint'] : undefined,
    allowedTools,
    model: typeof attributes.model === 'string' ? attributes.model : undefined,
    source,
    file,
    template: template.trim(),
  };
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0]?.slice(0, 100) ?? '';
}

/** Replaces `$ARGUMENTS` with all arguments and `$1`..`$9` with each (quotes group words). */
export function expandTemplate(template: string, args: string): string {
  const words = splitArguments(args);
  return template
    .replace(/\$ARGUMENTS\b/g, args.trim())
    .replace(/\$([1-9])\b/g, (_match, index: string) => words[Number(index) - 1] ?? '');
}

function splitArguments(args: string): string[] {
  const words: string[] = [];
  const pattern = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (let match = pattern.exec(args); match; match = pattern.exec(args))
    words.push(match[1] ?? match[2] ?? match[3] ?? '');
  return words;
}
