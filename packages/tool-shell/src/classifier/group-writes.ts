import { downloads } from './rules/code-sources';
import type { ShellScope } from './shell-scope';
import type { Redirect, SimpleCommand } from './simple-command';
import { outputOf } from './static-output';
import { recordWrites } from './written-files';

/**
 * Records the files written by a redirection on a pipeline, a `{ }` group or a subshell
 * (`echo ... | base64 -d > x`, `{ echo 'rm -rf /'; } > x`, `(curl -s URL) > x.sh`): what the
 * file receives is the output of the pipeline's last stage, or of every command of the group in
 * turn. Unknown output is recorded as unknown (so running the file warns), and output that
 * came from the network is recorded as downloaded.
 */
export function recordCompoundWrites(
  redirects: readonly Redirect[],
  body: { readonly type: string },
  last: SimpleCommand | undefined,
  walked: readonly SimpleCommand[],
  scope: ShellScope,
): void {
  if (!redirects.some((redirect) => />/.test(redirect.operator))) return;
  const writer = (stdin: SimpleCommand['stdin']): SimpleCommand => ({
    words: ['cat'],
    redirects,
    cwd: scope.cwd,
    stdin,
    processSubstitutions: [],
    files: scope.files,
    background: false,
    text: 'cat',
  });
  const fetched = walked.find((command) => downloads(command));
  // tree-sitter hangs `a && b > x` on the list; bash redirects `b` alone.
  if (body.type === 'pipeline' || body.type === 'list' || walked.length <= 1) {
    if (last) recordWrites(writer({ producer: last }), scope);
    else recordWrites(writer({ text: '' }), scope);
    return;
  }
  // A group: its commands write one after another (those that feed a pipe inside it do not).
  const fed = new Set(walked.map((command) => command.stdin?.producer));
  const writing = walked.filter((command) => !fed.has(command));
  const texts = writing.map((command) =>
    command.redirects.some((redirect) => />/.test(redirect.operator))
      ? ''
      : command.stdin?.producer
        ? undefined
        : outputOf(command),
  );
  const text = texts.every((item) => item !== undefined) ? texts.join('') : undefined;
  recordWrites(writer(fetched ? { producer: fetched } : { text }), scope);
}
