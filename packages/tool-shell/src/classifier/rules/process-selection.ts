import type { Finding } from '../finding';
import type { SimpleCommand } from '../simple-command';
import { splitShellWords } from '../split-words';
import { byName } from './process-rules';
import { block, type Rule } from './rule';

/** `pgrep ARGS` or `pidof ARGS` inside a substitution or a pipeline stage. */
const selector = /(?:^|[\s;&|(`])(pgrep|pidof)((?:\s+(?:'[^']*'|"[^"]*"|[^\s|;&)`'"]+))*)/g;

function texts(command: SimpleCommand): string[] {
  const found = [command.text];
  let current = command.stdin?.producer;
  for (let depth = 0; current && depth < 8; depth++) {
    found.push(current.text);
    current = current.stdin?.producer;
  }
  return found;
}

/**
 * `kill $(pgrep ARGS)`, `` kill `pidof NAME` ``, `pgrep ARGS | xargs kill`: the processes
 * killed are the ones the selector lists, so it is judged as `pkill ARGS` or `killall NAME`
 * (`kill -9 $(pgrep -u dev)` kills every process of a user: block; a pattern naming one
 * program warns; a whole specific command line is allowed).
 */
export const killSelectedRule: Rule = ({ program, args, command }) => {
  const killing =
    program === 'kill' || (program === 'xargs' && args.some((arg) => /(^|\/)kill$/.test(arg)));
  if (!killing) return [];
  const findings: Finding[] = [];
  for (const text of texts(command))
    for (const match of text.matchAll(selector)) {
      const words = splitShellWords(match[2]!.trim());
      findings.push(...byName(match[1] === 'pgrep' ? 'pkill' : 'killall', words));
    }
  return findings.some((finding) => finding.severity === 'block')
    ? [
        block(
          'kill-everything',
          `kill is given every process of a user or name that ${program === 'kill' ? 'the substitution' : 'the pipe'} lists.`,
        ),
      ]
    : findings;
};
