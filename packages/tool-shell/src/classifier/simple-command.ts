import type { WrittenFile } from './shell-scope';

/** A redirection of a command: `> /dev/sda`, `2>&1`, `< input.txt`. */
export interface Redirect {
  /** `>`, `>>`, `<`, `&>`, `>|`, ... */
  readonly operator: string;
  /** The file descriptor redirected (`2` in `2>err`), when written. */
  readonly descriptor?: string;
  /** The file, evaluated (`/dev/fd/…` for a process substitution). */
  readonly target: string;
}

/** Where a command's standard input comes from, as far as it is known before running. */
export interface StandardInput {
  /** The command whose output is piped in. */
  readonly producer?: SimpleCommand;
  /** The input text itself, when known (a here-string, a here-document, or a literal's output). */
  readonly text?: string;
  /** A file redirected in with `<` (absolute when the folder is known). */
  readonly file?: string;
}

/** What runs inside a `<(...)` or `>(...)` that a command receives as a `/dev/fd/…` name. */
export interface ProcessSubstitution {
  /** The name the program sees. */
  readonly path: string;
  /** The commands inside. */
  readonly commands: readonly SimpleCommand[];
  /** Its output when known without running anything (`<(echo ...)`). */
  readonly output?: string;
}

/** One command bash would run, its words evaluated, with what surrounds it. */
export interface SimpleCommand {
  /** The command name and arguments, as the program receives them ({@link DYNAMIC} where unknown). */
  readonly words: readonly string[];
  /** Its redirections. */
  readonly redirects: readonly Redirect[];
  /** The working folder it runs in (absolute), or undefined when an earlier `cd` made it unknown. */
  readonly cwd: string | undefined;
  /** Its standard input. */
  readonly stdin?: StandardInput;
  /** Commands inside its `<(...)` / `>(...)` arguments and redirections. */
  readonly processSubstitutions: readonly SimpleCommand[];
  /** The `<(...)` / `>(...)` it receives, with their `/dev/fd/…` names. */
  readonly substitutions?: readonly ProcessSubstitution[];
  /** Files written earlier in the same command line (by redirection, `tee`, `curl -o`, ...). */
  readonly files?: ReadonlyMap<string, WrittenFile>;
  /** Variables the program receives in its environment (exported ones and `NAME=value cmd`), when known. */
  readonly environment?: ReadonlyMap<string, readonly string[] | undefined>;
  /** What it prints, when known from elsewhere (a `{ ...; }` or `( ... )` group of known commands). */
  readonly output?: string;
  /** Started in the background (`&`). */
  readonly background: boolean;
  /** The source text, for messages. */
  readonly text: string;
}
