// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are shell code, not templates
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyCommand } from './classify-command';
import type { Verdict } from './finding';

// Each command is classified in a fresh empty workspace (never run); the verdict must be exactly
// the one listed, so a warning where a block belongs fails as well.
const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-exec-sites-')));

const cases: [Verdict, string][] = [
  ['block', 'x=$((dd if=/dev/zero of=/dev/sda bs=1M) 2>/dev/null)'],
  ['block', 'v="XYZreboot"; x=$(("${v:3}") 2>/dev/null)'],
  ['allow', 'echo $((1 + 2)) $(( (1+2) * 3 ))'],
  ['block', 'echo ${x:-$(rm -rf /)}'],
  ['block', 'echo ${x-`rm -rf /`}'],
  ['block', 'echo ${x:+$(rm -rf ~)}'],
  ['block', 'echo $(( $(rm -rf /) + 1 ))'],
  ['block', 'echo $[ $(rm -rf /) ]'],
  ['block', 'a[$(rm -rf /)]=1'],
  ['block', 'cat <<EOF\n$(rm -rf /)\nEOF'],
  ['block', 'cat <<EOF\n`rm -rf /`\nEOF'],
  ['block', 'cat <<-END\n\t`rm -rf /`\n\tEND'],
  ['block', 'cat <<E"O"F\nEOF\nrm -rf /\nEOF'],
  ['allow', 'cat <<E"O"F > notes.md\n$(rm -rf /)\nEOF'],
  ['allow', "cat <<'EOF' > notes.md\n$(rm -rf /)\nEOF"],
  ['block', 'echo `echo \\`rm -rf /\\``'],
  ['block', "let 'x=a[$(rm -rf /)]'"],
  ['block', "declare -a 'x[$(rm -rf /)]=1'"],
  ['block', '[[ -v a[$(rm -rf /)] ]]'],
  ['block', "[[ -v 'a[$(rm -rf /)]' ]]"],
  ['block', "test -v 'a[$(rm -rf /)]'"],
  ['block', "x='a[$(rm -rf /)]'; echo $((x))"],
  ['block', "PS4='$(rm -rf /)'; set -x; true"],
  ['block', "x='$(rm -rf /)'; echo ${x@P}"],
  ['block', "mapfile -C 'rm -rf /' -c 1 < notes.txt"],
  ['block', "trap 'rm -rf /' EXIT"],
  ['block', "alias ll='rm -rf /'; ll"],
  ['block', "source <(echo 'rm -rf /')"],
  ['block', ". <(echo 'rm -rf /')"],
  ['block', "echo 'rm -rf /' | source /dev/stdin"],
  ['block', "echo 'rm -rf /' > x.sh; bash x.sh"],
  ['block', "echo 'rm -rf /' > x.sh; source x.sh"],
  ['block', "echo 'rm -rf /' > x.sh; chmod +x x.sh; ./x.sh"],
  ['block', "echo 'rm -rf /' > x.sh; sh < x.sh"],
  ['block', "printf 'rm -rf /' | tee x.sh >/dev/null; bash x.sh"],
  ['block', 'echo rm -rf / > >(sh)'],
  ['block', "echo 'rm -rf /' | tee >(sh)"],
  ['block', 'coproc rm -rf /'],
  ['block', 'coproc { rm -rf ~; }'],
  // A coprocess inside a coprocess or after a reserved word (bypass search, seed 7).
  ['block', "coproc { coproc { bash -c 'rm -rf /'; }; wait; }"],
  ['block', "if true; then coproc { bash -c 'rm -rf /'; }; fi"],
  ['block', 'while :; do coproc x { rm -rf ~; }; done'],
  ['allow', 'echo coproc { }'],
  ['block', "coproc sh; echo 'rm -rf /' >&${COPROC[1]}; wait"],
  ['block', "exec 3< <(echo 'rm -rf /'); bash <&3"],
  ['block', 'f() { rm -rf "$1"; }; f /'],
  ['block', 'f() { g "$@"; }; g() { rm -rf "$1"; }; f ~'],
  ['block', '{rm,-rf,/}'],
  ['block', 'x=$((rm -rf /) 2>/dev/null)'],
  ['allow', 'echo $((1 + 2)) $((x+1))'],
  ['block', "bash <<'EOF'\n\\r\\m -r -f /\\e\\t\\c\nEOF"],
  ['block', 'p=\'$({systemctl,poweroff})\'; : "${p@P}"'],
  ['warn', 'ls &&& rm -rf ./build'],
  ['allow', 'echo "today is $(date)"'],
  ['allow', 'cat <<EOF > notes.md\nhello $(date)\nEOF'],
  ['allow', "trap 'rm -f ./tmp.lock' EXIT"],
  ['allow', "alias ll='ls -la'"],
];

describe('Places where bash runs or expands code', () => {
  it.each(cases)('%s: %s', async (verdict, command) => {
    const result = await classifyCommand(command, { workspaceRoot, homeDir: '/home/elf' });
    expect(result.verdict, JSON.stringify(result.findings)).toBe(verdict);
  });
});
