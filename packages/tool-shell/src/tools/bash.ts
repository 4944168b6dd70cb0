import {
  defineJsonSchemaTool,
  TinyElfError,
  ToolAbortedError,
  ToolTimeoutError,
  WorkspaceGuard,
} from '@tinyelf/core';
import { RecentClassifications } from '../classifier/recent-classifications';
import { runCommand } from '../runner/run-command';
import { assertBubblewrapWorks, bubblewrapArguments } from '../sandbox/bubblewrap';
import type { ShellToolOptions } from '../shell-tool-options';

/** Bash's parameters (plain JSON Schema: no TypeBox to load when the registry is built). */
interface BashParams {
  readonly command: string;
  readonly timeout?: number;
}

const parameters = {
  type: 'object',
  properties: {
    command: { type: 'string', description: 'The bash command to run in the workspace root.' },
    timeout: {
      type: 'integer',
      minimum: 1000,
      maximum: 600_000,
      description: "Milliseconds before the command is stopped (default: the tool's execTimeout).",
    },
  },
  required: ['command'],
};

/**
 * The Bash tool: runs a command with bash in the workspace root, standard output and error
 * merged in order, output capped (head and tail kept), stopped with its whole process group on
 * timeout or abort. Commands the classifier blocks are refused; warned ones carry their reasons
 * to the confirmation step (`assessRisk`).
 */
export function createShellTool(options: ShellToolOptions) {
  const workspaceRoot = new WorkspaceGuard({ workspaceRoot: options.workspaceRoot }).root;
  const classifyOptions = { workspaceRoot, homeDir: options.homeDir };
  const execTimeout = options.execTimeout ?? 120_000;
  const maxOutputBytes = options.maxOutputBytes ?? 100_000;
  const sandboxed = options.sandbox === 'bubblewrap';
  const classifications = new RecentClassifications(classifyOptions);
  return defineJsonSchemaTool<BashParams>({
    name: 'Bash',
    description: `Runs a bash command in the workspace root (${workspaceRoot}) and returns its output (standard output and error merged) and exit code. Standard input is closed. Commands are stopped after ${Math.round(execTimeout / 1000)} s with every process they started. Output over ${Math.round(maxOutputBytes / 1000)} KB keeps its beginning and end. Destructive commands (deleting / or system folders, formatting disks, ...) are refused.${sandboxed ? ` Commands run in a sandbox: only the workspace is writable${options.allowNetwork ? '.' : ' and there is no network.'}` : ''}`,
    parameters,
    async assessRisk({ command }) {
      const { findings } = await classifications.get(command);
      return findings.map(({ rule, message }) => ({ rule, message }));
    },
    async execute({ command, timeout }, context) {
      const verdict = await classifications.get(command);
      if (verdict.verdict === 'block') {
        throw new TinyElfError({
          code: 'COMMAND_BLOCKED',
          message: `The command was refused and not run: ${verdict.findings
            .filter((finding) => finding.severity === 'block')
            .map((finding) => finding.message)
            .join(' ')}`,
        });
      }
      const bubblewrap = options.bubblewrapPath ?? 'bwrap';
      if (sandboxed) assertBubblewrapWorks(bubblewrap, workspaceRoot);
      const script = `exec 2>&1; ${command}`;
      const timeoutMs = Math.min(timeout ?? execTimeout, 600_000);
      const result = await runCommand({
        file: sandboxed ? bubblewrap : 'bash',
        args: sandboxed
          ? [
              ...bubblewrapArguments(workspaceRoot, options.allowNetwork ?? false),
              'bash',
              '-c',
              script,
            ]
          : ['-c', script],
        cwd: workspaceRoot,
        env: options.env ? { ...process.env, ...options.env } : undefined,
        timeoutMs,
        maxOutputBytes,
        signal: context?.signal,
        killGraceMs: options.killGraceMs,
      });
      const output = result.output.length ? result.output.replace(/\n$/, '') : '(no output)';
      if (result.stoppedBy === 'timeout') {
        throw new ToolTimeoutError({
          timeoutMs,
          message: `The command did not finish within ${timeoutMs / 1000} s and was stopped with every process it started. Output so far:\n${output}`,
        });
      }
      if (result.stoppedBy === 'abort') {
        throw new ToolAbortedError({
          message: `The command was aborted and stopped with every process it started. Output so far:\n${output}`,
        });
      }
      const status =
        result.exitCode !== null
          ? `Exit code ${result.exitCode}.`
          : `Killed by signal ${result.signal}.`;
      return `${output}\n\n${status}`;
    },
  });
}
