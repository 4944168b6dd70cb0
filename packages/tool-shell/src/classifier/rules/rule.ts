import type { Finding } from '../finding';
import type { SimpleCommand } from '../simple-command';
import type { PathContext } from '../target-paths';

/** What a rule sees of one command. */
export interface RuleInput {
  /** The command as written (wrappers included), with its folder, input and redirections. */
  readonly command: SimpleCommand;
  /** The program that really runs, after wrappers (`rm` for `sudo nice rm`). */
  readonly program: string;
  /** Its arguments. */
  readonly args: readonly string[];
  /** The wrappers that were taken off, outermost first. */
  readonly wrappers: readonly string[];
  /** The program word as written (`./scripts/format`, `/usr/bin/rm`), when static. */
  readonly name?: string;
}

/** What a rule may use besides the command. */
export interface RuleContext {
  readonly paths: PathContext;
  /**
   * Classifies shell code found inside a command (`bash -c '...'`, `eval`, a script piped to
   * `sh`); `args` are `$0 $1 ...` when the code is given some (`sh -c CODE name arg`).
   */
  classifyNested(
    script: string,
    cwd: string | undefined,
    args?: readonly string[],
    environment?: ReadonlyMap<string, readonly string[] | undefined>,
  ): readonly Finding[];
  /** Told of every command judged (with its wrappers, then each command a wrapper runs). */
  readonly onCommand?: (words: readonly string[]) => void;
}

/** A rule: the findings it makes for one command. */
export type Rule = (input: RuleInput, context: RuleContext) => Finding[];

/** A blocking finding. */
export function block(rule: string, message: string): Finding {
  return { rule, message, severity: 'block' };
}

/** A warning finding. */
export function warn(rule: string, message: string): Finding {
  return { rule, message, severity: 'warn' };
}

/** The arguments that are not options (before `--`, words starting with `-` are options). */
export function operands(args: readonly string[]): string[] {
  const result: string[] = [];
  let optionsEnded = false;
  for (const arg of args) {
    if (!optionsEnded && arg === '--') optionsEnded = true;
    else if (optionsEnded || !arg.startsWith('-') || arg === '-') result.push(arg);
  }
  return result;
}

/** Operands without the values of the options that take one. */
export function operandsSkipping(args: readonly string[], valued: RegExp): string[] {
  const result: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--') {
      result.push(...args.slice(index + 1));
      break;
    }
    if (valued.test(arg)) index++;
    else if (!arg.startsWith('-') || arg === '-') result.push(arg);
  }
  return result;
}

/** Whether a short or long flag is present (`-r` also inside `-rf`). */
export function hasFlag(
  args: readonly string[],
  short: string | undefined,
  long: readonly string[] = [],
): boolean {
  for (const arg of args) {
    if (arg === '--') return false;
    if (long.includes(arg)) return true;
    if (short && /^-[A-Za-z]+$/.test(arg) && arg.slice(1).includes(short)) return true;
  }
  return false;
}
