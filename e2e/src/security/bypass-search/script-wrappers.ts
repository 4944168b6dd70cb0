import { hexEscapes, octalEscapes, singleQuote } from './random';

/** A way to hand a whole script to bash (or another program) so that it still runs. */
export interface ScriptWrapper {
  /** Operator name, recorded in each mutation's recipe. */
  readonly name: string;
  /** Wraps the script; `undefined` when the wrapper does not apply (for example, several lines). */
  wrap(script: string): string | undefined;
}

const oneLine = (script: string) => !script.includes('\n');
const base64 = (script: string) => Buffer.from(script).toString('base64');
/** RFC 4648 base32, as coreutils' base32 reads it. */
function base32(text: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const byte of Buffer.from(text)) bits += byte.toString(2).padStart(8, '0');
  let out = '';
  for (let index = 0; index < bits.length; index += 5)
    out += alphabet[Number.parseInt(bits.slice(index, index + 5).padEnd(5, '0'), 2)];
  return out.padEnd(Math.ceil(out.length / 8) * 8, '=');
}
const hex = (script: string) => Buffer.from(script).toString('hex');
const rot13 = (script: string) =>
  script.replace(/[A-Za-z]/g, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });

function hereDoc(command: string, script: string, quoted: boolean): string {
  const delimiter = script.includes('EOF') ? 'END_OF_SCRIPT' : 'EOF';
  return `${command} <<${quoted ? `'${delimiter}'` : delimiter}\n${script}\n${delimiter}`;
}

/** Every script wrapper. */
export const scriptWrappers: readonly ScriptWrapper[] = [
  { name: 'eval', wrap: (s) => `eval ${singleQuote(s)}` },
  { name: 'eval-double-quoted', wrap: (s) => (/["$`\\!]/.test(s) ? undefined : `eval "${s}"`) },
  { name: 'bash-c', wrap: (s) => `bash -c ${singleQuote(s)}` },
  { name: 'sh-c', wrap: (s) => `sh -c ${singleQuote(s)}` },
  { name: 'bash-clustered-c', wrap: (s) => `bash -ec ${singleQuote(s)}` },
  { name: 'bash-c-positional', wrap: (s) => `bash -c 'eval "$1"' _ ${singleQuote(s)}` },
  { name: 'echo-pipe-bash', wrap: (s) => `echo ${singleQuote(s)} | bash` },
  { name: 'printf-pipe-sh', wrap: (s) => `printf '%s\\n' ${singleQuote(s)} | sh` },
  { name: 'pipe-bash-s', wrap: (s) => `echo ${singleQuote(s)} | bash -s -- --yes` },
  { name: 'pipe-bash-dev-stdin', wrap: (s) => `echo ${singleQuote(s)} | bash /dev/stdin` },
  { name: 'pipe-sh-dash', wrap: (s) => `echo ${singleQuote(s)} | sh -` },
  { name: 'here-string', wrap: (s) => `bash <<< ${singleQuote(s)}` },
  { name: 'here-doc-quoted', wrap: (s) => hereDoc('bash', s, true) },
  {
    name: 'here-doc-delimiter-in-pieces',
    wrap: (s) => (s.includes('EOF') ? undefined : `bash <<E"O"'F'\n${s}\nEOF`),
  },
  {
    name: 'here-doc-tab-stripped',
    wrap: (s) =>
      s.includes('EOF') ? undefined : `bash <<-'EOF'\n\t${s.replaceAll('\n', '\n\t')}\n\tEOF`,
  },
  {
    name: 'env-split-string-attached',
    wrap: (s) => (/['"\\$]/.test(s) ? undefined : `env -S'sh -c "${s}"'`),
  },
  { name: 'here-doc-sh', wrap: (s) => (/[$`\\]/.test(s) ? undefined : hereDoc('sh', s, false)) },
  { name: 'base64-pipe', wrap: (s) => `echo ${base64(s)} | base64 -d | bash` },
  { name: 'base64-eval', wrap: (s) => `eval "$(echo ${base64(s)} | base64 --decode)"` },
  { name: 'base64-bash-c', wrap: (s) => `bash -c "$(base64 -d <<< ${base64(s)})"` },
  {
    name: 'rev-pipe',
    wrap: (s) =>
      oneLine(s) ? `echo ${singleQuote([...s].reverse().join(''))} | rev | sh` : undefined,
  },
  { name: 'xxd-pipe', wrap: (s) => `echo ${hex(s)} | xxd -r -p | bash` },
  {
    name: 'rot13-pipe',
    wrap: (s) => `echo ${singleQuote(rot13(s))} | tr 'A-Za-z' 'N-ZA-Mn-za-m' | bash`,
  },
  { name: 'printf-hex-pipe', wrap: (s) => `printf '${hexEscapes(s)}' | bash` },
  { name: 'printf-octal-eval', wrap: (s) => `eval "$(printf '${octalEscapes(s)}')"` },
  { name: 'ansi-c-eval', wrap: (s) => `eval $'${hexEscapes(s)}'` },
  { name: 'bash-process-substitution-file', wrap: (s) => `bash <(echo ${singleQuote(s)})` },
  { name: 'pipe-bash-proc-fd', wrap: (s) => `echo ${singleQuote(s)} | bash /proc/self/fd/0` },
  { name: 'dot-dev-fd', wrap: (s) => `. /dev/fd/0 <<< ${singleQuote(s)}` },
  {
    name: 'fd-from-process-substitution',
    wrap: (s) => `exec 3< <(echo ${singleQuote(s)}); bash <&3`,
  },
  {
    name: 'let-substitution',
    wrap: (s) => (oneLine(s) ? `let "x=$(${s} >/dev/null; echo 1)"` : undefined),
  },
  { name: 'xtrace-ps4', wrap: (s) => `PS4=${singleQuote(`$(${s} >/dev/null)+ `)}; set -x; :` },
  { name: 'prompt-expansion', wrap: (s) => `p=${singleQuote(`$(${s})`)}; : "\${p@P}"` },
  {
    name: 'mapfile-callback',
    wrap: (s) => (oneLine(s) ? `mapfile -C ${singleQuote(`${s} #`)} -c 1 lines <<< x` : undefined),
  },
  {
    name: 'array-subscript-test',
    wrap: (s) => (oneLine(s) && !s.includes(']') ? `a=(); [[ -v a[$(${s})] ]]` : undefined),
  },
  { name: 'proc-self-exe', wrap: (s) => `/proc/self/exe -c ${singleQuote(s)}` },
  { name: 'bash-variable-c', wrap: (s) => `"$BASH" -c ${singleQuote(s)}` },
  {
    name: 'bash-env-process-substitution',
    wrap: (s) => `BASH_ENV=<(echo ${singleQuote(s)}) bash -c :`,
  },
  {
    name: 'init-file-interactive',
    wrap: (s) => `bash --init-file <(echo ${singleQuote(s)}) -i </dev/null`,
  },
  { name: 'eval-positional', wrap: (s) => `set -- ${singleQuote(s)}; eval "$@"` },
  {
    name: 'xargs-replace',
    wrap: (s) => (oneLine(s) ? `echo ${singleQuote(s)} | xargs -0 -I{} bash -c {}` : undefined),
  },
  { name: 'base32-pipe', wrap: (s) => `echo ${base32(s)} | base32 -d | bash` },
  { name: 'function', wrap: (s) => `run_it() {\n${s}\n}; run_it` },
  { name: 'alias', wrap: (s) => `shopt -s expand_aliases\nalias go_on=${singleQuote(s)}\ngo_on` },
  { name: 'trap-exit', wrap: (s) => `trap ${singleQuote(s)} EXIT` },
  { name: 'trap-err', wrap: (s) => `trap ${singleQuote(s)} ERR; false` },
  { name: 'write-then-bash', wrap: (s) => `echo ${singleQuote(s)} > .t.sh; bash .t.sh` },
  {
    name: 'write-then-source',
    wrap: (s) => `printf '%s\\n' ${singleQuote(s)} > /tmp/.t; . /tmp/.t`,
  },
  {
    name: 'write-then-exec',
    wrap: (s) => `${hereDoc('cat > r.sh', `#!/bin/sh\n${s}`, true)}\nchmod +x r.sh && ./r.sh`,
  },
  { name: 'source-process-substitution', wrap: (s) => `source <(echo ${singleQuote(s)})` },
  { name: 'dot-dev-stdin', wrap: (s) => `. /dev/stdin <<< ${singleQuote(s)}` },
  { name: 'sh-input-process-substitution', wrap: (s) => `sh < <(echo ${singleQuote(s)})` },
  { name: 'output-process-substitution', wrap: (s) => `echo ${singleQuote(s)} > >(bash); wait $!` },
  {
    name: 'tee-process-substitution',
    wrap: (s) => `tee >(bash) <<< ${singleQuote(s)} >/dev/null; wait $!`,
  },
  { name: 'xargs-bash-c', wrap: (s) => `printf '%s' ${singleQuote(s)} | xargs -0 bash -c` },
  { name: 'find-exec-sh', wrap: (s) => `find . -maxdepth 0 -exec sh -c ${singleQuote(s)} \\;` },
  { name: 'flock-c', wrap: (s) => `flock /tmp/.l -c ${singleQuote(s)}` },
  { name: 'script-c', wrap: (s) => `script -qc ${singleQuote(s)} /dev/null` },
  { name: 'timeout-sh', wrap: (s) => `timeout 30 sh -c ${singleQuote(s)}` },
  {
    name: 'env-split-string',
    wrap: (s) => (/["'\\$]/.test(s) ? undefined : `env -S "sh -c '${s}'"`),
  },
  { name: 'perl-system', wrap: (s) => `perl -e 'system($ARGV[0])' ${singleQuote(s)}` },
  {
    name: 'python-system',
    wrap: (s) => `python3 -c 'import os,sys; os.system(sys.argv[1])' ${singleQuote(s)}`,
  },
  {
    name: 'node-exec',
    wrap: (s) =>
      `node -e 'require("child_process").execSync(process.argv[1],{stdio:"inherit"})' ${singleQuote(s)}`,
  },
  { name: 'awk-system', wrap: (s) => `awk 'BEGIN{system(ARGV[1])}' ${singleQuote(s)}` },
  { name: 'git-alias', wrap: (s) => `git -c ${singleQuote(`alias.zz=!${s}`)} zz` },
  {
    name: 'make-recipe',
    wrap: (s) =>
      oneLine(s)
        ? `make -s -f - <<< $'all:\\n\\t'${singleQuote(s.replaceAll('$', '$$'))}`
        : undefined,
  },
  { name: 'coproc', wrap: (s) => (oneLine(s) ? `coproc { ${s}; }; wait` : undefined) },
];
