import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';
import {
  defineJsonSchemaTool,
  type RiskWarning,
  TinyElfError,
  ToolAbortedError,
  ToolTimeoutError,
  WorkspaceGuard,
} from '@tinyelf/core';
import { RecentClassifications } from '../classifier/recent-classifications';
import { bashPermissionSpecifiers } from '../permissions/bash-specifiers';
import { runCommand } from '../runner/run-command';
import { usableScratchFolder } from '../runner/scratch-folder';
import { watchCreatedPaths } from '../sandbox/created-path-sweep';
import { DEFAULT_HIDDEN_PATHS, DEFAULT_READ_ONLY_PATHS } from '../sandbox/protected-mounts';
import { resolveSandbox } from '../sandbox/resolve-sandbox';
import { waitForSandboxEnd } from '../sandbox/sandbox-end';
import { SandboxInfoFile } from '../sandbox/sandbox-info';
import { SandboxPlanner } from '../sandbox/sandbox-planner';
import type { ShellToolOptions } from '../shell-tool-options';
import { bashDescription } from './bash-description';
import { bashResult, outputText } from './bash-result';
import { DeferredSpill } from './deferred-spill';
import { outputPlan } from './output-plan';

/** Bash's parameters (plain JSON Schema: no TypeBox to load when the registry is built). */
interface BashParams {
  readonly command: string;
  readonly timeout?: number;
  readonly dangerouslyDisableSandbox?: boolean;
  readonly reason?: string;
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
    dangerouslyDisableSandbox: {
      type: 'boolean',
      description:
        'Run this command outside the sandbox (network, files outside the workspace, protected files). Needs `reason`; the user is always asked to approve it.',
    },
    reason: {
      type: 'string',
      description:
        'Required with dangerouslyDisableSandbox: why the command cannot run in the sandbox, shown to the user.',
    },
  },
  required: ['command'],
};

/**
 * The spill folder when it is in the workspace and does not exist yet: the registry may make it
 * during a sandboxed call (as the output is cut), and the sweep must not take it for something
 * the command created.
 */
function newSpillFolder(workspaceRoot: string, folder: string | undefined): string | undefined {
  if (!folder) return undefined;
  const path = relative(workspaceRoot, folder);
  if (path === '' || path.startsWith('..') || isAbsolute(path)) return undefined;
  return existsSync(folder) ? undefined : folder;
}

/** The risk rule name of a call asking to run outside the sandbox. */
export const SANDBOX_BYPASS_RULE = 'sandbox-bypass';

/**
 * The Bash tool: runs a command with bash in the workspace root, standard output and error
 * merged in order; long output is cut to the registry's limit (head and tail kept, then the exit
 * status) while the complete output streams to a spill file; progress is reported as lines
 * arrive. Stopped with every process it started on
 * timeout, abort or exit. Commands the classifier blocks are refused; warned ones carry their
 * reasons to the confirmation step (`assessRisk`). Where bubblewrap works (the default `sandbox:
 * 'auto'`), commands run in it; a call may ask to run outside it (`dangerouslyDisableSandbox`
 * with a `reason`), which always carries a warning, so the policy asks the user.
 */
export function createShellTool(options: ShellToolOptions) {
  const workspaceRoot = new WorkspaceGuard({ workspaceRoot: options.workspaceRoot }).root;
  const homeDir = options.homeDir ?? homedir();
  const classifyOptions = { workspaceRoot, homeDir: options.homeDir };
  const execTimeout = options.execTimeout ?? 120_000;
  const allowNetwork = options.allowNetwork ?? false;
  const quarantineDir = options.quarantineDir ?? join(homeDir, '.tinyelf', 'quarantine');
  const sandbox = resolveSandbox({ ...options, workspaceRoot });
  const bubblewrap = sandbox.bubblewrapPath;
  const settings = {
    binary: bubblewrap ?? 'bwrap',
    workspaceRoot,
    allowNetwork,
    readOnlyPaths: options.readOnlyPaths ?? DEFAULT_READ_ONLY_PATHS,
    hiddenPaths: options.hiddenPaths ?? DEFAULT_HIDDEN_PATHS,
    homeDirs: [...new Set([homeDir, homedir()])],
  };
  const planner = new SandboxPlanner(settings);
  // 'auto' without a working sandbox: the first result of this tool (a session) says so once.
  let fallbackNotice =
    sandbox.mode === 'auto' && !bubblewrap
      ? `[No sandbox: ${sandbox.unavailableReason}. This command ran directly on the machine; later ones will too.]\n`
      : '';
  const classifications = new RecentClassifications(classifyOptions);
  const bypassWarning = ({ dangerouslyDisableSandbox, reason }: BashParams): RiskWarning[] =>
    // Only where the hatch can open: with 'bubblewrap' the call is refused without asking.
    dangerouslyDisableSandbox && bubblewrap && sandbox.mode === 'auto'
      ? [
          {
            rule: SANDBOX_BYPASS_RULE,
            message: `Runs outside the sandbox (network, files outside the workspace and protected files reachable). Stated reason: ${reason?.trim() || '(none given)'}`,
          },
        ]
      : [];
  return defineJsonSchemaTool<BashParams>({
    name: 'Bash',
    description: bashDescription({
      workspaceRoot,
      execTimeout,
      sandbox,
      allowNetwork,
    }),
    parameters,
    // Rules such as Bash(npm run test:*) match the commands of the same parse assessRisk uses.
    permissionSpecifiers: bashPermissionSpecifiers((command) => classifications.get(command)),
    outputKeep: 'head-and-tail',
    async assessRisk(params) {
      const { findings } = await classifications.get(params.command);
      return [
        ...bypassWarning(params),
        ...findings.map(({ rule, message, severity }) => ({ rule, message, severity })),
      ];
    },
    async execute(params, context) {
      const { command, timeout, dangerouslyDisableSandbox } = params;
      if (dangerouslyDisableSandbox && !params.reason?.trim()) {
        throw new TinyElfError({
          code: 'INVALID_TOOL_INPUT',
          message:
            'dangerouslyDisableSandbox needs a reason: say why the command cannot run in the sandbox (the user reads it before approving). The command was not run.',
        });
      }
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
      if (sandbox.mode === 'bubblewrap' && !bubblewrap) {
        throw new TinyElfError({
          code: 'SANDBOX_UNAVAILABLE',
          message: `The bubblewrap sandbox was asked for but cannot start: ${sandbox.unavailableReason}. The command was not run (it is never run without the sandbox it asked for).`,
        });
      }
      if (dangerouslyDisableSandbox && sandbox.mode === 'bubblewrap') {
        throw new TinyElfError({
          code: 'SANDBOX_REQUIRED',
          message:
            'This tool is configured to run every command in the sandbox (sandbox: "bubblewrap"); dangerouslyDisableSandbox is not available. The command was not run.',
        });
      }
      const sandboxed = bubblewrap !== undefined && !dangerouslyDisableSandbox;
      const script = `exec 2>&1; ${command}`;
      const timeoutMs = Math.min(timeout ?? execTimeout, 600_000);
      const plan = sandboxed ? planner.plan() : undefined;
      const limit = context?.outputLimit;
      const freshSpillFolder = plan
        ? newSpillFolder(workspaceRoot, limit?.spillDirectory)
        : undefined;
      const sweep = plan
        ? watchCreatedPaths(
            workspaceRoot,
            plan.missing,
            quarantineDir,
            freshSpillFolder,
            plan.folders,
          )
        : undefined;
      const notice = fallbackNotice;
      fallbackNotice = '';
      const planned = outputPlan(options, context, notice.length);
      const scratchFolder = planned.spill?.scratchFolder;
      // The spill folder would be made during the call where the command can reach: save in the
      // scratch folder, move after the sweep.
      const deferred =
        freshSpillFolder &&
        limit?.openSpillFile &&
        scratchFolder &&
        usableScratchFolder(scratchFolder)
          ? new DeferredSpill(limit.openSpillFile, scratchFolder)
          : undefined;
      const output =
        deferred && planned.spill
          ? { ...planned, spill: { ...planned.spill, open: deferred.open } }
          : planned;
      let result: Awaited<ReturnType<typeof runCommand>> | undefined;
      let moved: string | undefined;
      // bwrap's --info-fd JSON, read after it exited (a pipe where no file can be made).
      const info = plan ? SandboxInfoFile.open(scratchFolder) : undefined;
      try {
        result = await runCommand({
          file: plan ? bubblewrap! : 'bash',
          args: plan ? [...plan.args, 'bash', '-c', script] : ['-c', script],
          cwd: workspaceRoot,
          env: options.env ? { ...process.env, ...options.env } : undefined,
          timeoutMs,
          ...output,
          signal: context?.signal,
          killGraceMs: options.killGraceMs,
          sweepLeftovers: !plan,
          ...(info ? { fd3: info.fd } : { readFd3: plan !== undefined }),
        });
      } finally {
        // Killed from outside (timeout, abort), bwrap's namespace dies a moment after it.
        const started = info ? info.readAndClose() : result?.fd3;
        if (sweep) await waitForSandboxEnd(started);
        moved = sweep?.();
      }
      if (deferred) result = { ...result, output: await deferred.finish(result.output) };
      const text = outputText(result.output, { notice, moved });
      if (result.stoppedBy === 'timeout') {
        throw new ToolTimeoutError({
          timeoutMs,
          message: `The command did not finish within ${timeoutMs / 1000} s and was stopped with every process it started. Output so far:\n${text}`,
        });
      }
      if (result.stoppedBy === 'abort') {
        throw new ToolAbortedError({
          message: `The command was aborted and stopped with every process it started. Output so far:\n${text}`,
        });
      }
      return bashResult(result, text);
    },
  });
}
