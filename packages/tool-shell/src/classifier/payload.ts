/**
 * How shell code sits in a file other than a script: crontab lines, Makefile recipes (and
 * `target: ; recipe`), justfile recipes, `package.json` scripts.
 */
export type ScriptFormat = 'crontab' | 'makefile' | 'justfile' | 'package-json';

/** What a program runs besides itself. */
export type Payload =
  /** Another command, as argv (`sudo rm -rf /` runs `rm -rf /`). */
  | { readonly kind: 'command'; readonly words: readonly string[]; readonly cwd?: string }
  /** Shell code (`bash -c CODE`, `eval`, `ssh host CODE`), with `$0 $1 ...` when given. */
  | { readonly kind: 'script'; readonly text: string; readonly args?: readonly string[] }
  /** A shell reading its script from standard input (`curl ... | sh`, `at now`). */
  | { readonly kind: 'stdin-script'; readonly format?: ScriptFormat }
  /** A shell running a script file (`bash x.sh`, `source x.sh`, `at -f x.sh`). */
  | { readonly kind: 'script-file'; readonly path: string; readonly format?: ScriptFormat }
  /** Code fetched from the network and run (`npx https://.../x.tgz`). */
  | { readonly kind: 'remote-code'; readonly source: string }
  /** Another language's code: inline (`python -c`), from standard input, or from a file. */
  | {
      readonly kind: 'code';
      readonly language: string;
      readonly source: 'inline' | 'stdin' | 'file';
      readonly path?: string;
      /** Inline code, when given (`python -c CODE`). */
      readonly code?: string;
      /** Judged only by the shell escapes of its language (sqlite3's `.shell`, ed's `!`, m4's `syscmd`). */
      readonly escapesOnly?: boolean;
      /** The arguments the code receives (`sys.argv[1:]`, `process.argv`, `@ARGV`). */
      readonly args?: readonly string[];
    };
