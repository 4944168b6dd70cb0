import type { SandboxStatus } from '../sandbox/resolve-sandbox';

/** What the Bash tool tells the model about itself, the sandbox included. */
export function bashDescription(options: {
  readonly workspaceRoot: string;
  readonly execTimeout: number;
  readonly sandbox: SandboxStatus;
  readonly allowNetwork: boolean;
}): string {
  const { sandbox } = options;
  const basics = `Runs a bash command in the workspace root (${options.workspaceRoot}) and returns its output (standard output and error merged) and exit code. Standard input is closed. Commands are stopped after ${Math.round(options.execTimeout / 1000)} s with every process they started; nothing started in the background outlives the call. Long output keeps its beginning and end (the exit code always shows); the mark where the middle was cut names a file with the complete output, to read with Read or Grep. Destructive commands (deleting / or system folders, formatting disks, ...) are refused.`;
  if (sandbox.bubblewrapPath) {
    const hatch =
      sandbox.mode === 'auto'
        ? ' If a command fails only because of these limits (it needs the network, or to write outside the workspace or to a protected file), call again with dangerouslyDisableSandbox: true and a reason saying why; the user is asked to approve it. Do not use it to get round a refusal.'
        : ' Every command runs in the sandbox (no way round it is offered).';
    return `${basics} Commands run in a sandbox as an unprivileged user: only the workspace is writable (its /tmp is private and emptied after the call), the rest of the file system is read-only, credentials such as ~/.ssh are hidden, files that run code outside the sandbox (.git/hooks, .git/config, .vscode, .github/workflows, .claude, ...) are read-only, and any of them a command creates is moved out of the workspace after the call${options.allowNetwork ? '' : ', and there is no network (package installs and downloads fail)'}.${hatch}`;
  }
  if (sandbox.mode === 'bubblewrap')
    return `${basics} The sandbox this tool requires cannot start here (${sandbox.unavailableReason}), so every command is refused.`;
  if (sandbox.mode === 'auto')
    return `${basics} No sandbox is available here (${sandbox.unavailableReason}): commands run directly on the machine with the user's rights.`;
  return basics;
}
