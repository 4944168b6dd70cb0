// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are shell code, not templates
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyCommand } from './classify-command';
import type { Verdict } from './finding';

// Each command is classified in a fresh empty workspace (never run); the verdict must be exactly
// the one listed, so a warning where a block belongs fails as well.
const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-static-values-')));

const cases: [Verdict, string][] = [
  ['block', 'x=/; rm -rf $x'],
  ['block', 'rm -rf $"/"'],
  ['block', 'x=$"/"; rm -rf "$x"'],
  ['warn', 'export v=$".git/hooks/pre-commit"; bash -c \'cp README.md "$v"\''],
  ['allow', 'echo $"hello $USER"'],
  ['warn', 'nohup git $"config" core.hooksPath /tmp/h'],
  ['block', 'ln -sf "$(command -v reboot)" ./tool && ./tool'],
  ['block', 'ln -s /usr/sbin/shutdown t; ln -s t u; ./u -h now'],
  ['block', 'x=rm; $x -rf /'],
  ['block', 'a=(rm -rf /); "${a[@]}"'],
  ['block', 'a=(x /); rm -rf "${a[1]}"'],
  ['block', 'a=(); a+=(/); rm -rf "${a[0]}"'],
  ['block', 'set -- /; rm -rf "$1"'],
  ['block', 'set -- x /; shift; rm -rf "$1"'],
  ['block', 'for d in /; do rm -rf $d; done'],
  ['block', 'for d in build /usr; do rm -rf "$d"; done'],
  ['block', 'rm${IFS}-rf${IFS}/'],
  ['block', "IFS=,; c='rm,-rf,/'; $c"],
  ['block', 'rm -rf ${HOME:?}'],
  ['block', 'rm -rf ${1:-/}'],
  ['block', 'x=${y:=/}; rm -rf $x'],
  ['block', 'rm -rf ${HOME%/*}'],
  ['block', 'p=/usr/lib; rm -rf ${p%/lib}'],
  ['block', 'p=XX/etc; rm -rf ${p#XX}'],
  ['block', 'p=/ETC; rm -rf ${p,,}'],
  ['block', 'p=/a/b; rm -rf ${p//a\\/b/}'],
  ['block', 'p=/etcetera; rm -rf ${p:0:4}'],
  ['block', 'v=HOME; rm -rf ${!v}'],
  ['block', 'declare -n ref=HOME; rm -rf "$ref"'],
  ['block', 'rm -rf ~root'],
  ['block', 'rm -rf ~bob'],
  ['block', 'cd / && rm -rf ~+'],
  ['block', 'cd /tmp && rm -rf ~-'],
  ['block', 'CDPATH=/ cd etc && rm -rf *'],
  ['block', 'cd -P / && rm -rf *'],
  ['block', 'cd -- / && rm -rf *'],
  ['block', 'cd / && cd - && cd - && rm -rf *'],
  ['block', 'cd .. && rm -rf *'],
  ['block', 'hash -p /usr/bin/rm ls; ls -rf /'],
  ['block', 'mkdir -p .b && ln -sf /usr/bin/rm .b/ls && PATH=.b:$PATH ls -rf ~'],
  ['block', 'read -ra v <<< \'rm -rf /\'; "${v[@]}"'],
  ['block', 'v=PKILL; "${v~~}" -f .'],
  ['block', 'kill -s 9 -$((4-3))'],
  ['block', 'cd "$(mktemp -d)"/../.. && rm -rf *'],
  ['block', 'rm -rf "$PWD"'],
  ['block', 'rm -rf "$(dirname "$PWD")"'],
  ['block', '$(echo rm) -rf /'],
  ['block', '"$(printf \'r%s\' m)" -rf /'],
  ['block', '"$X" -rf /'],
  ['block', '$CMD --recursive --force /'],
  ['block', 'unknown_tool --recursive --force /'],
  ['block', 'read x <<< /; rm -rf $x'],
  ['block', 'read -a parts <<< \'x /\'; rm -rf "${parts[1]}"'],
  ['block', 'printf -v t %s /; rm -rf "$t"'],
  ['block', 'rm -rf /{,}'],
  ['block', 'rm -rf /{usr,tmp}'],
  ['block', "rm -rf $'/'"],
  ['block', "rm -rf $'\\x2f'"],
  ['block', 'rm -rf $"/"'],
  ['block', "export T=/usr; bash -c 'rm -rf $T'"],
  ['block', 'T=/usr sh -c \'rm -rf "$T"\''],
  ['warn', 'rm -rf "$OUT_DIR"'],
  ['block', 'rm -rf "$DIR"/'],
  ['block', 'time systemctl p${v1}oweroff'],
  ['warn', 'x=/; if [ -n "$A" ]; then x=build; fi; rm -rf $x'],
  ['allow', 'x=build; rm -rf "$x"'],
  ['allow', 'for d in build dist; do rm -rf "$d"; done'],
  ['allow', 'rm -rf ${OUT_DIR:-./out}'],
  ['allow', 'cd src && rm -rf ./gen'],
];

describe('Static values followed through the command', () => {
  it.each(cases)('%s: %s', async (verdict, command) => {
    const result = await classifyCommand(command, { workspaceRoot, homeDir: '/home/elf' });
    expect(result.verdict, JSON.stringify(result.findings)).toBe(verdict);
  });
});
