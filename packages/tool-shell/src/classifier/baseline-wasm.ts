import { cachedDataVersionTag, setFlagsFromString } from 'node:v8';

/**
 * Compiling tree-sitter's WebAssembly with V8's baseline compiler (Liftoff) only, without changing
 * how the rest of the process is compiled.
 *
 * Why: with Node's default flags V8 recompiles the hot functions of the parser with its optimising
 * compiler. One of them, the Bash grammar's generated lexer (one 160 KB function), takes about
 * about 0.5 s and 60 MB of compiler memory on Node 20, which is most of the process's peak. The
 * baseline code classifies as fast.
 *
 * How: V8 reads its WebAssembly tiering flags when it compiles a function, and V8 11 and 12
 * (Node 20 to 23) keep for each module whether its code counts calls to tier up later. So the
 * two modules are compiled synchronously, every function at once (`--no-wasm-lazy-compilation`),
 * under `--liftoff-only`, and the four flags involved are set back right after, before any other
 * JavaScript runs: other WebAssembly in the process still tiers up (checked with
 * `--trace-wasm-compilation-times`). V8 13 (Node 24) decides tier-up when a function is hot,
 * from the flags of that moment, so there this does nothing and the process-wide flag is the
 * only way (see the package README).
 *
 * The flags cannot be read from JavaScript, so their values before are found by trying each
 * setting of the four until V8's flag hash (`v8.cachedDataVersionTag()`, which covers every
 * flag) is the one it was; the same hash confirms they were set back.
 */

/** The four V8 flags the window changes, with their V8 defaults first. */
const FLAGS = ['liftoff-only', 'wasm-tier-up', 'wasm-dynamic-tiering', 'wasm-lazy-compilation'];
const DEFAULTS = [false, true, true, true];
const WINDOW = '--liftoff-only --no-wasm-lazy-compilation';

/** One setting of the four flags, as `setFlagsFromString` takes it. */
function flagString(values: readonly boolean[]): string {
  return FLAGS.map((flag, index) => (values[index] ? `--${flag}` : `--no-${flag}`)).join(' ');
}

/** Every setting of the four flags, the likeliest first: V8's defaults, then `--liftoff-only`. */
function settings(): boolean[][] {
  const all: boolean[][] = [DEFAULTS, [true, false, false, true]];
  for (let bits = 0; bits < 16; bits++) {
    const values = FLAGS.map((_, index) => (bits & (1 << index)) !== 0);
    if (!all.some((known) => known.every((value, index) => value === values[index])))
      all.push(values);
  }
  return all;
}

/** Whether this V8 keeps a module's tiering decision from its compilation (V8 11 and 12). */
function keepsTieringPerModule(): boolean {
  if (process.versions.bun !== undefined) return false;
  const major = Number(process.versions.v8?.split('.')[0]);
  if (major !== 11 && major !== 12) return false;
  // A process started with frozen flags would abort on setFlagsFromString.
  return !process.execArgv.some((argument) => /^--freeze[-_]flags[-_]after[-_]init/.test(argument));
}

/**
 * The V8 flags as they are now, found without changing them for good: each setting is tried
 * until the flag hash is the one from before. `undefined` (V8's defaults set) if none matched,
 * which cannot happen while only these four flags differ.
 */
function currentSetting(): boolean[] | undefined {
  const before = cachedDataVersionTag();
  for (const values of settings()) {
    setFlagsFromString(flagString(values));
    if (cachedDataVersionTag() === before) return values;
  }
  setFlagsFromString(flagString(DEFAULTS));
  return undefined;
}

/**
 * Runs `compile` (synchronous WebAssembly compilations) with V8's baseline compiler only and
 * every function compiled at once, then sets the V8 flags back as they were. Where the process
 * already never tiers up (`--liftoff-only`, as the `tinyelf` command runs), or on a V8 where the
 * choice is not kept per module, `compile` just runs. Returns what `compile` returns and whether
 * the window was used.
 */
export function compileWithBaselineOnly<T>(compile: () => T): { value: T; baselineOnly: boolean } {
  if (!keepsTieringPerModule()) return { value: compile(), baselineOnly: false };
  const before = cachedDataVersionTag();
  const setting = currentSetting();
  if (setting === undefined) {
    process.emitWarning(
      'tool-shell could not tell the V8 WebAssembly flags apart and set them to their defaults',
    );
    return { value: compile(), baselineOnly: false };
  }
  const [liftoffOnly, tierUp, dynamicTiering] = setting;
  // Nothing tiers up in this process anyway.
  if (liftoffOnly || (!tierUp && !dynamicTiering)) return { value: compile(), baselineOnly: true };
  setFlagsFromString(WINDOW);
  try {
    return { value: compile(), baselineOnly: true };
  } finally {
    setFlagsFromString(flagString(setting));
    if (cachedDataVersionTag() !== before)
      process.emitWarning('tool-shell could not set the V8 WebAssembly flags back as they were');
  }
}
