import { codeRunningVariableWarning } from '@tinyelf/core';
import { type Rule, warn } from './rule';

/**
 * Settings given on a tool's command line that make it run a program of the command's choice
 * later or around its work: `go build -toolexec`/`-exec`, `go env -w` of a code-running
 * variable (`GOFLAGS=-toolexec=...`), npm/pnpm `--node-options`, `kubectl config
 * set-credentials --exec-command`, `git instaweb --httpd`, `git daemon --access-hook`.
 */
export const toolSettingsRule: Rule = ({ program, args }) => {
  const found: string[] = [];
  const option = (pattern: RegExp) =>
    args.find((arg, index) => pattern.test(arg) || pattern.test(`${args[index - 1]}=`));
  if (program === 'go') {
    const named = option(/^--?(toolexec|exec)(=|$)/);
    if (named)
      found.push(
        `go ${named.replace(/=.*/s, '')} runs a program of the command's choice around its work`,
      );
    if (args[0] === 'env' && args.includes('-w'))
      for (const arg of args) {
        const [, name, value] = /^([A-Z][A-Z0-9_]*)=([\s\S]*)$/.exec(arg) ?? [];
        const warning = name ? codeRunningVariableWarning(name, value) : undefined;
        if (warning)
          found.push(`go env -w keeps ${name} for every later go command: ${warning.message}`);
      }
  }
  if (
    /^(npm|pnpm|yarn|bun)$/.test(program) &&
    option(/^--(config\.)?node-options=?.*(--require|-r |--import|--loader)/s)
  )
    found.push(`${program} --node-options makes node load a module of the command's choice`);
  if (
    /^(kubectl|oc)$/.test(program) &&
    args.includes('set-credentials') &&
    option(/^--exec-command(=|$)/)
  )
    found.push(`${program} keeps a credential plugin that kubectl runs on every later command`);
  if (program === 'git' && option(/^--(httpd|access-hook|browser)(=|$)/))
    found.push('git runs the program named in its options');
  return found.map((message) => warn('code-running-tool-config', `${message}.`));
};
