import { type Random, singleQuote } from './random';
import { sandboxPlaces } from './seeds';
import type { Names } from './word-spellings';

/** A way to turn the spelled words of a command into a statement that runs them. */
export interface CommandForm {
  /** Operator name, recorded in each mutation's recipe. */
  readonly name: string;
  /**
   * Builds the statement; `undefined` when the form does not apply.
   * @param words - the words as spelled for bash
   * @param values - the words' values (what bash must run)
   */
  build(
    words: readonly string[],
    values: readonly string[],
    random: Random,
    names: Names,
  ): string | undefined;
}

const plain = (values: readonly string[]) =>
  values.every((value) => /^[A-Za-z0-9_./@:=+%-]+$/.test(value));
const join = (words: readonly string[]) => words.join(' ');
const rest = (words: readonly string[]) => words.slice(1).join(' ');

/** Every command form; `plain` (the words separated by spaces) is the identity. */
export const commandForms: readonly CommandForm[] = [
  { name: 'plain', build: (w) => join(w) },
  { name: 'ifs-separators', build: (w) => w.join(`\${IFS}`) },
  { name: 'tab-separators', build: (w) => w.join('\t') },
  { name: 'set-positional', build: (w) => `set -- ${join(w)}; "$@"` },
  { name: 'set-positional-program', build: (w) => `set -- ${rest(w)}; ${w[0]} "$@"` },
  {
    name: 'array',
    build: (w, _v, _r, n) => {
      const name = n.next();
      return `${name}=(${join(w)}); "\${${name}[@]}"`;
    },
  },
  { name: 'function-runs-arguments', build: (w) => `f() { "$@"; }; f ${join(w)}` },
  { name: 'function-with-program', build: (w) => `g() { ${w[0]} "$@"; }; g ${rest(w)}` },
  {
    name: 'function-last-argument',
    build: (w) =>
      w.length < 2 ? undefined : `h() { ${w.slice(0, -1).join(' ')} "$1"; }; h ${w.at(-1)}`,
  },
  {
    name: 'program-variable',
    build: (w, _v, _r, n) => {
      const name = n.next();
      return `${name}=${w[0]}; $${name} ${rest(w)}`;
    },
  },
  {
    name: 'prefix-assignment-variable',
    build: (w, _v, _r, n) => {
      const name = n.next();
      return `${name}=${w.at(-1)} bash -c '${w.slice(0, -1).join(' ').replaceAll("'", `'\\''`)} "$${name}"'`;
    },
  },
  {
    name: 'ifs-comma-variable',
    build: (_w, v, _r, n) => {
      if (!plain(v) || v.some((value) => value.includes(','))) return undefined;
      const name = n.next();
      return `IFS=,; ${name}=${singleQuote(v.join(','))}; $${name}`;
    },
  },
  {
    name: 'brace-expansion',
    build: (_w, v) =>
      v.length < 2 || !plain(v) || v.some((value) => value.includes(','))
        ? undefined
        : `{${v.join(',')}}`,
  },
  {
    name: 'for-loop',
    build: (w) =>
      w.length < 2 ? undefined : `for t in ${w.at(-1)}; do ${w.slice(0, -1).join(' ')} "$t"; done`,
  },
  {
    name: 'read-here-string',
    build: (w, v) =>
      w.length < 2 || /\s/.test(v.at(-1)!)
        ? undefined
        : `read -r t <<< ${w.at(-1)}; ${w.slice(0, -1).join(' ')} "$t"`,
  },
  {
    name: 'printf-v',
    build: (w) =>
      w.length < 2 ? undefined : `printf -v t %s ${w.at(-1)}; ${w.slice(0, -1).join(' ')} "$t"`,
  },
  {
    name: 'cd-then-relative',
    build: (w, v) => {
      const last = v.at(-1)!;
      if (!/^\/[^/]+(\/[^/]+)*$/.test(last)) return undefined;
      const cut = last.lastIndexOf('/');
      return `cd ${last.slice(0, cut) || '/'} && ${w.slice(0, -1).join(' ')} ${last.slice(cut + 1)}`;
    },
  },
  {
    name: 'cdpath-then-pwd',
    build: (w, v) => {
      const last = v.at(-1)!;
      if (!/^\/[^/]+(\/[^/]+)*$/.test(last)) return undefined;
      const cut = last.lastIndexOf('/');
      return `CDPATH=${last.slice(0, cut) || '/'} cd ${last.slice(cut + 1)} >/dev/null && ${w.slice(0, -1).join(' ')} "$PWD"`;
    },
  },
  {
    name: 'pushd-then-glob',
    build: (w, v) =>
      v.at(-1) === '/' ? `pushd / >/dev/null && ${w.slice(0, -1).join(' ')} *` : undefined,
  },
  {
    name: 'oldpwd-tilde',
    build: (w, v) =>
      v.at(-1) === sandboxPlaces.workspace ? `cd / && ${w.slice(0, -1).join(' ')} ~-` : undefined,
  },
  {
    name: 'exported-to-nested-shell',
    build: (w, _v, _r, n) => {
      const name = n.next();
      return `export ${name}=${w.at(-1)}; bash -c '${w.slice(0, -1).join(' ').replaceAll("'", `'\\''`)} "$${name}"'`;
    },
  },
  {
    name: 'hash-path',
    build: (w, v) =>
      plain([v[0]!]) ? `hash -p "$(command -v ${v[0]})" ls; ls ${rest(w)}` : undefined,
  },
  {
    name: 'symlink-then-run',
    build: (w, v) =>
      plain([v[0]!]) ? `ln -sf "$(command -v ${v[0]})" ./tool && ./tool ${rest(w)}` : undefined,
  },
  {
    name: 'path-to-symlink',
    build: (w, v) =>
      plain([v[0]!])
        ? `mkdir -p .b && ln -sf "$(command -v ${v[0]})" .b/ls && PATH=.b:$PATH ls ${rest(w)}`
        : undefined,
  },
  {
    name: 'read-array',
    build: (_w, v, _r, n) => {
      if (!plain(v)) return undefined;
      const name = n.next();
      return `read -ra ${name} <<< ${singleQuote(v.join(' '))}; "\${${name}[@]}"`;
    },
  },
  {
    name: 'mapfile-array',
    build: (w, _v, _r, n) => {
      const name = n.next();
      return `mapfile -t ${name} < <(printf '%s\\n' ${join(w)}); "\${${name}[@]}"`;
    },
  },
  {
    name: 'ifs-letter-variable',
    build: (_w, v, _r, n) => {
      if (!plain(v) || v.some((value) => value.includes('Q'))) return undefined;
      const name = n.next();
      return `IFS=Q; ${name}=${singleQuote(v.join('Q'))}; $${name}`;
    },
  },
  {
    name: 'arithmetic-subshell-ambiguity',
    build: (w) => `x=$((${join(w)}) 2>/dev/null)`,
  },
  { name: 'command-p', build: (w) => `command -p ${join(w)}` },
  { name: 'env', build: (w) => `env ${join(w)}` },
  { name: 'env-assignment', build: (w) => `env A=1 -- ${join(w)}` },
  { name: 'nice', build: (w) => `nice -n 5 ${join(w)}` },
  { name: 'timeout', build: (w) => `timeout -s KILL 30 ${join(w)}` },
  { name: 'command-builtin', build: (w) => `command ${join(w)}` },
  { name: 'builtin-command', build: (w) => `builtin command -- ${join(w)}` },
  { name: 'exec', build: (w) => `exec ${join(w)}` },
  { name: 'nohup', build: (w) => `nohup ${join(w)} 2>/dev/null` },
  { name: 'stdbuf', build: (w) => `stdbuf -oL ${join(w)}` },
  { name: 'setsid-wait', build: (w) => `setsid -w ${join(w)}` },
  { name: 'flock', build: (w) => `flock /tmp/.lock ${join(w)}` },
  { name: 'time', build: (w) => `time ${join(w)}` },
  { name: 'negation', build: (w) => `! ${join(w)}` },
  { name: 'subshell', build: (w) => `(${join(w)})` },
  { name: 'brace-group', build: (w) => `{ ${join(w)}; }` },
  { name: 'and-after-true', build: (w) => `true && ${join(w)}` },
  { name: 'or-after-false', build: (w) => `false || ${join(w)}` },
  { name: 'if-condition', build: (w) => `if ${join(w)}; then :; fi` },
  { name: 'while-once', build: (w) => `while ${join(w)}; do break; done` },
  { name: 'case-branch', build: (w) => `case x in x) ${join(w)} ;; esac` },
  {
    name: 'xargs-arguments',
    build: (w, v) =>
      w.length < 2 || !plain(v.slice(1))
        ? undefined
        : `echo ${v.slice(1).join(' ')} | xargs ${w[0]}`,
  },
  {
    name: 'xargs-all',
    build: (_w, v) => (!plain(v) ? undefined : `printf '%s\\n' ${v.join(' ')} | xargs`),
  },
  { name: 'find-exec', build: (w) => `find . -maxdepth 0 -exec ${join(w)} \\;` },
  { name: 'command-substitution-program', build: (w) => `$(echo ${w[0]}) ${rest(w)}` },
  {
    name: 'which-program',
    build: (w, v) => (plain([v[0]!]) ? `"$(command -v ${v[0]})" ${rest(w)}` : undefined),
  },
  { name: 'process-substitution', build: (w) => `cat <(${join(w)}) >/dev/null` },
  { name: 'command-substitution', build: (w) => `echo "$(${join(w)})" >/dev/null` },
  {
    name: 'default-value-substitution',
    build: (w, _v, _r, n) => `: "\${${n.next()}:-$(${join(w)})}"`,
  },
  {
    name: 'arithmetic-substitution',
    build: (w) => `echo $(( $(${join(w)} >/dev/null; echo 1) + 1 ))`,
  },
  { name: 'here-doc-substitution', build: (w) => `cat <<EOF >/dev/null\n$(${join(w)})\nEOF` },
];
