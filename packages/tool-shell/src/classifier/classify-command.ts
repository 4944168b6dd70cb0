import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import type { Parser } from 'web-tree-sitter';
import { loadBashParser } from './bash-parser';
import { braceWordsAsWords } from './brace-words';
import type { Classification, Finding } from './finding';
import { rewriteHereDocuments } from './heredoc-bodies';
import {
  backquotesAsDollarParens,
  closeHereDocuments,
  literalHereDocuments,
  normalizeCoprocesses,
  normalizeHereDocuments,
  normalizeSubshellSubstitutions,
} from './heredoc-delimiters';
import { programIdentity, unknownProgramFindings } from './program-identity';
import { payloadsOf } from './program-table';
import { forkBombFindings, unparsedFindings } from './rules/execution-rules';
import { rules } from './rules/index';
import type { RuleContext } from './rules/rule';
import { warn } from './rules/rule';
import { sensitiveAssignmentFindings } from './rules/sensitive-resource-rules';
import { ScriptWalker } from './script-walker';
import { ShellScope, type WrittenFile } from './shell-scope';
import { DYNAMIC, isStatic } from './shell-word';
import type { SimpleCommand } from './simple-command';
import type { PathContext } from './target-paths';

/** Options of {@link classifyCommand}. */
export interface ClassifyOptions {
  /** The workspace the command runs in (its working folder). */
  readonly workspaceRoot: string;
  /** The home folder `~` and `$HOME` stand for. @default os.homedir() */
  readonly homeDir?: string;
}

const maximumNesting = 8;

/**
 * Classifies a shell command without running anything. It is parsed with tree-sitter-bash and
 * walked the way bash runs it: every command, wherever bash runs code (substitutions in any
 * expansion, arithmetic, here-documents, subscripts, prompt expansions, traps, aliases,
 * functions called with their arguments, scripts written then run), with static values
 * followed (variables, arrays, positional parameters, loops, `cd`). Each command is judged by
 * the rules, then what it runs (wrappers, `bash -c`, `eval`, `ssh host CODE`, ...) is judged in
 * turn. `block`: never run (recursive deletion of `/`, `~` or system folders, disk formatting,
 * writes to block devices, killing every process, fork bombs, shutdown, ...). `warn`: run only
 * after the user confirms (privilege, downloaded or generated code, interpreter code, paths
 * outside the workspace, unparseable text). `allow`: everything else.
 */
export async function classifyCommand(
  command: string,
  options: ClassifyOptions,
): Promise<Classification> {
  const parser = await loadBashParser();
  const workspaceRoot = resolve(options.workspaceRoot);
  const paths: PathContext = { workspaceRoot, homeDir: options.homeDir ?? homedir() };
  const files = new Map<string, WrittenFile>();
  const commands: string[][] = [];
  const findings = classifyScript(parser, command, workspaceRoot, undefined, paths, files, 0, {
    commands,
  });
  return summarize(findings, commands);
}

/** Where a classification collects the commands it judges. */
interface CommandSink {
  readonly commands: string[][];
}

function classifyScript(
  parser: Parser,
  script: string,
  cwd: string | undefined,
  args: readonly string[] | undefined,
  paths: PathContext,
  files: Map<string, WrittenFile>,
  depth: number,
  sink: CommandSink,
  environment?: ReadonlyMap<string, readonly string[] | undefined>,
): Finding[] {
  if (depth > maximumNesting)
    return [warn('nesting', 'The command nests shell code too deeply to be checked.')];
  const normalized = normalizeSubshellSubstitutions(
    normalizeCoprocesses(
      normalizeHereDocuments(
        backquotesAsDollarParens(literalHereDocuments(rewriteHereDocuments(script))),
      ),
    ),
  );
  let tree = parser.parse(normalized);
  const withWords = tree ? braceWordsAsWords(tree.rootNode, normalized) : undefined;
  if (tree && withWords !== undefined) {
    tree.delete();
    tree = parser.parse(withWords);
  }
  if (!tree) return [warn('unparsed', 'The command could not be parsed, so it cannot be checked.')];
  try {
    const scope = new ShellScope(paths.homeDir, cwd, files);
    for (const [name, value] of environment ?? []) {
      scope.set(name, value);
      scope.exported.add(name);
    }
    if (args) {
      if (args[0] !== undefined) scope.set('0', [args[0]]);
      scope.positional = args.slice(1);
    }
    // One root node and one error check: each is a trip into the WebAssembly tree.
    const root = tree.rootNode;
    const hasError = root.hasError;
    const walked = new ScriptWalker(scope).walk(root);
    const unparsed = walked.unparsed.length || !hasError ? walked.unparsed : [script.slice(0, 80)];
    const findings: Finding[] = [
      ...forkBombFindings(walked.forkBombs),
      ...unparsedFindings(unparsed),
      ...sensitiveAssignmentFindings(root),
    ];
    const context: RuleContext = {
      paths,
      classifyNested: (nested, nestedCwd, nestedArgs, environment) =>
        classifyScript(
          parser,
          nested,
          nestedCwd,
          nestedArgs,
          paths,
          files,
          depth + 1,
          sink,
          environment,
        ),
      onCommand: (words) => sink.commands.push([...words]),
    };
    for (const nested of walked.nestedScripts)
      findings.push(...context.classifyNested(nested.script, nested.cwd));
    for (const command of walked.commands) judge(command, command.words, [], context, findings, 0);
    // tree-sitter-bash misreads some `[ ... ]` tests (`[ -d / ]` takes `/` for division) and
    // swallows what follows; the same script with `test` instead is judged too. And where `$((`
    // is not arithmetic, bash reads a command substitution of a subshell (`$((dd ...) 2>&1)`),
    // so on a parse error that reading is judged as well.
    const rewrites = hasError
      ? [bracketsAsTest(script), script.replaceAll('$((', '$( ('), closeHereDocuments(script)]
      : [];
    for (const rewritten of new Set(rewrites.filter((text) => text !== script)))
      findings.push(
        ...classifyScript(
          parser,
          rewritten,
          cwd,
          args,
          paths,
          files,
          depth + 1,
          sink,
          environment,
        ).filter((finding) => finding.rule !== 'unparsed'),
      );
    return findings;
  } finally {
    tree.delete();
  }
}

/**
 * A program path that is a symbolic link made earlier in the same command, followed to what it
 * points to (`ln -s "$(command -v reboot)" ./tool && ./tool` runs reboot); otherwise the word.
 */
function linkedProgram(name: string | undefined, command: SimpleCommand): string | undefined {
  if (name === undefined || !name.includes('/') || !command.files) return name;
  let path = resolve(command.cwd ?? '/', name);
  for (let hop = 0; hop < 8; hop++) {
    const pointsTo = command.files.get(path)?.link;
    if (pointsTo === undefined) break;
    path = pointsTo;
  }
  return path === resolve(command.cwd ?? '/', name) ? name : path;
}

/** Judges one command, then each command it runs in turn (`sudo nice rm` is `sudo`, `nice`, `rm`). */
function judge(
  command: SimpleCommand,
  words: readonly string[],
  wrappers: readonly string[],
  context: RuleContext,
  findings: Finding[],
  depth: number,
): void {
  if (depth > 16) {
    findings.push(warn('nesting', 'The command nests wrappers too deeply to be checked.'));
    return;
  }
  context.onCommand?.(words);
  const [name, ...args] = words;
  const program = programIdentity(linkedProgram(name, command), command.cwd, context.paths);
  if (name !== undefined) {
    const asWritten = programIdentity(name, command.cwd, context.paths);
    findings.push(...unknownProgramFindings(name, asWritten, args, command, context.paths));
  }
  const input = { command, program, args, wrappers, name };
  for (const rule of rules) findings.push(...rule(input, context));
  // Unknown parts may well be empty (an unset variable): what that would run must not be
  // catastrophic either (`systemctl p${x}oweroff`, `rm -rf "$DIR"/`).
  const expandsVariables = /\$\{?[A-Za-z_@*0-9]/.test(command.text);
  if (depth === 0 && expandsVariables && words.some((word) => word.includes(DYNAMIC))) {
    const unset = words.map((word) => word.replaceAll(DYNAMIC, '')).filter((word) => word !== '');
    const variant: Finding[] = [];
    judge(command, unset, wrappers, context, variant, depth + 1);
    findings.push(
      ...variant.filter(
        (finding) => finding.severity === 'block' || finding.rule !== 'outside-workspace',
      ),
    );
  }
  for (const payload of payloadsOf(program, args, argumentInput(program, args, command))) {
    if (payload.kind !== 'command') continue;
    // `env -C DIR`, `sudo -D DIR`: the command runs in another folder.
    const moved =
      payload.cwd === undefined
        ? command
        : {
            ...command,
            cwd:
              isStatic(payload.cwd) && (command.cwd !== undefined || isAbsolute(payload.cwd))
                ? resolve(command.cwd ?? '/', payload.cwd)
                : undefined,
          };
    judge(moved, payload.words, [...wrappers, program], context, findings, depth + 1);
  }
}

const incompleteRules = new Set(['unparsed', 'nesting']);

function summarize(findings: readonly Finding[], commands: string[][]): Classification {
  const unique = new Map<string, Finding>();
  for (const finding of findings) unique.set(`${finding.rule}\n${finding.message}`, finding);
  const list = [...unique.values()].sort((a, b) =>
    a.severity === b.severity ? 0 : a.severity === 'block' ? -1 : 1,
  );
  const verdict = list.some((finding) => finding.severity === 'block')
    ? 'block'
    : list.length
      ? 'warn'
      : 'allow';
  const complete = !list.some((finding) => incompleteRules.has(finding.rule));
  return { verdict, findings: list, commands, complete };
}

/** What `xargs -a FILE` reads, when known (a process substitution or a file written earlier); else its input. */
function argumentInput(
  program: string,
  args: readonly string[],
  command: SimpleCommand,
): string | undefined {
  const fromFile =
    command.stdin?.file !== undefined ? command.files?.get(command.stdin.file)?.text : undefined;
  if (program !== 'xargs') return command.stdin?.text ?? fromFile;
  const at = args.findIndex((arg) => /^(-a|--arg-file(=|$))/.test(arg));
  if (at === -1) return command.stdin?.text ?? fromFile;
  const option = args[at]!;
  const file = option.startsWith('--arg-file=')
    ? option.slice(11)
    : option === '-a' || option === '--arg-file'
      ? args[at + 1]
      : option.slice(2);
  if (file === undefined) return undefined;
  // `-a /dev/stdin`: the arguments are read from its own input (a here-string, a pipe).
  if (/^\/dev\/(stdin|fd\/0)$/.test(file)) return command.stdin?.text ?? fromFile;
  const substitution = command.substitutions?.find((item) => item.path === file);
  return substitution
    ? substitution.output
    : command.files?.get(resolve(command.cwd ?? '/', file))?.text;
}

/** The script with `[ ... ]` tests written as `test ...`. */
function bracketsAsTest(script: string): string {
  return script
    .replace(/(^|[;&|(!{\s])\[(?=\s)/g, '$1test')
    .replace(/(\s)\](?=\s*($|[;&|)}]))/gm, '$1');
}
