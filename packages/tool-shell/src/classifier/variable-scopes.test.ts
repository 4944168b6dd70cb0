// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are shell code, not templates
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyCommand } from './classify-command';
import type { Verdict } from './finding';

// Function-scoped variables, references and subscripts evaluated through them. Never executed.
const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-variable-scopes-')));

const cases: [Verdict, string][] = [
  ['block', 'd=~; clean() { local d=./tmp; rm -rf "$d"; }; clean; rm -rf "$d"'],
  ['block', 'd=/; g() { typeset d=out; }; g; rm -rf $d'],
  ['block', 'd=/; g() { declare -i d=1; }; g; rm -rf $d'],
  ['block', 'p=./out; declare -n q=p; q=~; rm -rf "$p"'],
  ['block', 'p=./out; typeset -n q=p; q+=/../..; cd /tmp; rm -rf "$p"'],
  ['block', "k='m[`rm -rf ~`]'; echo ${!k}"],
  ['block', "local -n ref='arr[$(rm -rf /)]' 2>/dev/null; : $ref"],
  ['block', "typeset -a 'list=(`rm -rf ~`)'"],
  ['block', 'x=./out; if [ -n "$CI" ]; then x=./ci; else x=~; fi; rm -rf "$x"'],
  ['block', 'x=./out; if a; then :; elif b; then x=/; else :; fi; rm -rf $x'],
  ['block', 'for d in ./a ~; do :; done; rm -rf "$d"'],
  ['allow', 'if [ -d build ]; then rm -rf build; else mkdir -p build; fi; make'],
  ['allow', 'for f in src/*.ts; do :; done; echo "$f"'],
  ['allow', 'x=/; f() { local x=./build; rm -rf "$x"; }; f'],
  ['allow', 'out=dist; build() { local out=tmp; mkdir -p "$out"; }; build; rm -rf "$out"'],
  ['allow', 'name=world; greet() { declare -n n=name; echo "hi $n"; }; greet'],
  ['allow', 'declare -a \'files=(a.txt b.txt)\'; wc -l "${files[@]}"'],
];

describe('Variable scopes and references', () => {
  it.each(cases)('%s: %s', async (verdict, command) => {
    const result = await classifyCommand(command, { workspaceRoot, homeDir: '/root' });
    expect(result.verdict, JSON.stringify(result.findings)).toBe(verdict);
  });
});
