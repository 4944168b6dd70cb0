/** How dangerous a command is: never run it, run it after the user confirms, or run it. */
export type Verdict = 'block' | 'warn' | 'allow';

/** One reason for a verdict. */
export interface Finding {
  /** A stable rule id, such as `recursive-delete-critical` or `sudo`. */
  readonly rule: string;
  /** What was found, in a sentence for the user and the model. */
  readonly message: string;
  /** `block` or `warn`. */
  readonly severity: Exclude<Verdict, 'allow'>;
}

/** What {@link classifyCommand} resolves to. */
export interface Classification {
  /** `allow`, `warn` (the policy asks the user) or `block` (never run). */
  readonly verdict: Verdict;
  /** Why: each finding's rule, message and severity (`block` or `warn`); empty for `allow`. */
  readonly findings: readonly Finding[];
  /**
   * Every simple command the line would run, as its words (the program and its arguments,
   * evaluated: quotes removed, static variables followed, a private-use mark where unknown):
   * the commands of every list, pipeline and substitution, each wrapper and what it runs
   * (`env X=1 rm -rf ~` gives `env X=1 rm -rf ~` and `rm -rf ~`), and the commands of nested
   * shell code (`bash -c`, `eval`). Permission rules (`Bash(npm run test:*)`) match these.
   */
  readonly commands: readonly (readonly string[])[];
  /** False when part of the line could not be parsed or followed, so `commands` may miss some. */
  readonly complete: boolean;
}
