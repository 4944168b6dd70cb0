import { homedir } from 'node:os';
import { resolve } from 'node:path';
import type { Parser } from 'web-tree-sitter';
import { loadBashParser } from './bash-parser';
import { CommandExtractor, programName } from './command-extractor';
import type { Classification, Finding } from './finding';
import {
  findRule,
  recursiveRemoveRule,
  removeItemRule,
  rsyncDeleteRule,
} from './rules/deletion-rules';
import { blockDeviceWriteRule, diskFormatRule, powerRule } from './rules/device-rules';
import {
  detachRule,
  evalRule,
  forkBombFindings,
  hiddenExecutionRule,
  interpreterRule,
  metadataRule,
  privilegeRule,
  shellPayloadRule,
  unparsedFindings,
} from './rules/execution-rules';
import { linkRule, outsideWorkspaceRule, permissionRule } from './rules/path-rules';
import { type Rule, type RuleContext, warn } from './rules/rule';
import {
  sensitiveAssignmentFindings,
  sensitiveResourceRules,
} from './rules/sensitive-resource-rules';
import { isStatic } from './shell-word';
import type { PathContext } from './target-paths';
import { unwrapCommand } from './unwrap-command';

/** Options of {@link classifyCommand}. */
export interface ClassifyOptions {
  /** The workspace the command runs in (its working folder). */
  readonly workspaceRoot: string;
  /** The home folder `~` and `$HOME` stand for. @default os.homedir() */
  readonly homeDir?: string;
}

const rules: readonly Rule[] = [
  recursiveRemoveRule,
  findRule,
  rsyncDeleteRule,
  removeItemRule,
  diskFormatRule,
  blockDeviceWriteRule,
  powerRule,
  shellPayloadRule,
  evalRule,
  interpreterRule,
  privilegeRule,
  metadataRule,
  hiddenExecutionRule,
  detachRule,
  outsideWorkspaceRule,
  permissionRule,
  linkRule,
  ...sensitiveResourceRules,
];

const maximumNesting = 6;

/**
 * Classifies a shell command without running anything: it is parsed with tree-sitter-bash and
 * every command inside it (pipelines, lists, subshells, substitutions, loops, functions, the
 * payloads of `bash -c`, `eval` and scripts piped into a shell) is judged after wrappers such as
 * `sudo`, `env` or `xargs` are taken off. `block`: never run (recursive deletion of `/`, `~` or
 * system folders, disk formatting, writes to block devices, fork bombs, shutdown, ...). `warn`:
 * run only after the user confirms (privilege, `curl | sh`, interpreter one-liners, paths outside
 * the workspace, unparseable text). `allow`: everything else.
 */
export async function classifyCommand(
  command: string,
  options: ClassifyOptions,
): Promise<Classification> {
  const parser = await loadBashParser();
  const workspaceRoot = resolve(options.workspaceRoot);
  const paths: PathContext = { workspaceRoot, homeDir: options.homeDir ?? homedir() };
  const findings = classifyScript(parser, command, workspaceRoot, paths, 0);
  return summarize(findings);
}

function classifyScript(
  parser: Parser,
  script: string,
  cwd: string | undefined,
  paths: PathContext,
  depth: number,
): Finding[] {
  if (depth > maximumNesting)
    return [warn('nesting', 'The command nests shell code too deeply to be checked.')];
  const tree = parser.parse(script);
  if (!tree) return [warn('unparsed', 'The command could not be parsed, so it cannot be checked.')];
  try {
    const extracted = new CommandExtractor(paths.homeDir, cwd).extract(tree.rootNode);
    const unparsed =
      extracted.unparsed.length || !tree.rootNode.hasError
        ? extracted.unparsed
        : [script.slice(0, 80)];
    const findings: Finding[] = [
      ...forkBombFindings(extracted.forkBombs),
      ...unparsedFindings(unparsed),
      ...sensitiveAssignmentFindings(tree.rootNode),
    ];
    const context: RuleContext = {
      paths,
      classifyNested: (nested, nestedCwd) =>
        classifyScript(parser, nested, nestedCwd, paths, depth + 1),
    };
    for (const command of extracted.commands) {
      const unwrapped = unwrapCommand(command.words);
      if (unwrapped.lookupOnly) continue;
      const [name, ...args] = unwrapped.words;
      if (name !== undefined && !isStatic(name)) {
        findings.push(
          warn(
            'dynamic-command',
            `The program run by "${command.text.slice(0, 60)}" is only known when it runs.`,
          ),
        );
      }
      const input = { command, program: programName(name), args, wrappers: unwrapped.wrappers };
      for (const rule of rules) findings.push(...rule(input, context));
    }
    return findings;
  } finally {
    tree.delete();
  }
}

function summarize(findings: readonly Finding[]): Classification {
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
  return { verdict, findings: list };
}
