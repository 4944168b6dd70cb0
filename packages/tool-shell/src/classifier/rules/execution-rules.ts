import { awkProgram } from '../awk-programs';
import type { Finding } from '../finding';
import { DYNAMIC, isStatic } from '../shell-word';
import { block, type Rule, warn } from './rule';

const downloaders = /^(curl|wget|fetch|aria2c|http|https|httpie|xh)$/;

/**
 * awk programs that run shell commands (`system()`, `print | "cmd"`, `"cmd" | getline`): a
 * warning; what they run is judged as shell code through the program table.
 */
export const awkRule: Rule = ({ program, args, command }) =>
  /^(awk|gawk|mawk|nawk)$/.test(program) &&
  awkProgram(args, command.stdin?.text, command.environment).runsShell
    ? [warn('interpreter-one-liner', `${program} runs shell commands from its program.`)]
    : [];

const metadataHosts =
  /(169\.254\.169\.254|fd00:ec2::254|metadata\.google\.internal|metadata\.azure\.com|100\.100\.100\.200|169\.254\.170\.2)/i;

/** Requests to cloud metadata endpoints (credentials live there). */
export const metadataRule: Rule = ({ program, args }) => {
  if (!downloaders.test(program) && !/^(nc|ncat|telnet|socat|python[0-9.]*|node)$/.test(program))
    return [];
  return args.some((arg) => metadataHosts.test(arg))
    ? [
        warn(
          'cloud-metadata',
          `${program} contacts a cloud metadata endpoint, where instance credentials are served.`,
        ),
      ]
    : [];
};

/** Options that make an ordinary tool run another program: `rg --pre`, `git -c core.pager=...`, `tar --to-command`. */
export const hiddenExecutionRule: Rule = ({ program, args, command }, context) => {
  if (program === 'rg' && args.some((arg) => arg === '--pre' || arg.startsWith('--pre='))) {
    return [warn('runs-program', 'rg --pre runs a program on every file it searches.')];
  }
  if (program === 'git') {
    const findings: Finding[] = [];
    for (const [index, arg] of args.entries()) {
      if (arg !== '-c' && !arg.startsWith('--config-env')) continue;
      const setting = arg === '-c' ? (args[index + 1] ?? '') : arg;
      const [key = '', ...valueParts] = setting.split('=');
      const value = valueParts.join('=');
      if (
        !/^(core\.(pager|sshcommand|editor|askpass)|sequence\.editor|pager\.|alias\.|credential\.helper|diff\.external|diff\..*\.(command|textconv)|merge\..*\.driver|filter\..*\.(clean|smudge|process)|gpg\.(.*\.)?program)/i.test(
          key,
        )
      ) {
        if (
          /^(core\.(hookspath|fsmonitor|gitproxy)|uploadpack\.|protocol\.ext|--config-env)/i.test(
            key,
          ) &&
          !/^(true|false)$/.test(value)
        )
          findings.push(warn('runs-program', `git -c ${key} makes git run a program.`));
        continue;
      }
      if (!isStatic(value))
        findings.push(
          warn('runs-program', `git -c ${key} runs a program only known when it runs.`),
        );
      else findings.push(...context.classifyNested(value.replace(/^!/, ''), command.cwd));
    }
    return findings;
  }
  if (
    program === 'tar' &&
    args.some(
      (arg) =>
        /^--(to-command|checkpoint-action|use-compress-program|info-script|new-volume-script)/.test(
          arg,
        ) || arg === '-I',
    )
  ) {
    return [warn('runs-program', 'tar is told to run a program.')];
  }
  return [];
};

/** Commands that escape the tool's process group, so a timeout cannot kill them. */
export const detachRule: Rule = ({ program, wrappers }) => {
  const detaching = [...wrappers, program].find((name) =>
    /^(setsid|disown|daemonize|start-stop-daemon)$/.test(name),
  );
  if (detaching)
    return [
      warn(
        'detaches',
        `${detaching} moves the command out of the tool's process group, so the timeout cannot stop it.`,
      ),
    ];
  if (/^(screen|tmux)$/.test(program))
    return [warn('detaches', `${program} can keep commands running after the tool returns.`)];
  return [];
};

/** A fork bomb, found by the extractor. */
export function forkBombFindings(names: readonly string[]): Finding[] {
  return names.map((name) =>
    block(
      'fork-bomb',
      name === 'an endless loop'
        ? 'An endless loop starts commands in the background: processes pile up like a fork bomb.'
        : `The function ${name} calls itself in a pipeline or in the background: a fork bomb.`,
    ),
  );
}

/** Text the parser could not make sense of. */
export function unparsedFindings(parts: readonly string[]): Finding[] {
  return parts.length
    ? [
        warn(
          'unparsed',
          `Part of the command could not be parsed (${parts[0]!.replaceAll(DYNAMIC, '…')}), so it cannot be checked.`,
        ),
      ]
    : [];
}
