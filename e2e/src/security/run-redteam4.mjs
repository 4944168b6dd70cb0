#!/usr/bin/env node
// Classifies every case of redteam4-cases.json (or the file given as the first argument) with the
// built @tinyelf/tool-shell classifier, a fresh temporary workspace and the real home directory,
// and prints the cases whose verdict misses the expectation, grouped by kind, then totals.
//
//   pnpm build   # the classifier is imported from packages/tool-shell/dist
//   node e2e/src/security/run-redteam4.mjs [cases.json] [--json] [--pattern NAME]
//
// Expectations: `block` must be block; `warn` is met by warn or block; `allow` must be allow.
// Exit code 1 when any case is wrong. Never executes a command.

import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const asJson = args.includes('--json');
const patternIndex = args.indexOf('--pattern');
const onlyPattern = patternIndex >= 0 ? args[patternIndex + 1] : undefined;
const file =
  args.find((arg, index) => !arg.startsWith('--') && index !== patternIndex + 1) ??
  join(here, 'redteam4-cases.json');

const { classifyCommand } = await import(
  new URL('../../../packages/tool-shell/dist/index.js', import.meta.url).href
);

const workspace = realpathSync(mkdtempSync(join(tmpdir(), 'redteam4-ws-')));
mkdirSync(join(workspace, 'src'));
writeFileSync(join(workspace, 'README.md'), '# demo\n');
writeFileSync(join(workspace, 'src', 'app.ts'), 'export {}\n');
const home = homedir();
const fill = (text) => text.replaceAll('{{WS}}', workspace).replaceAll('{{HOME}}', home);

const { cases } = JSON.parse(readFileSync(file, 'utf8'));
const kinds = {
  'dangerous allowed': [],
  'catastrophic only warned': [],
  'ordinary flagged': [],
};
const byPattern = {};
let checked = 0;
try {
  for (const entry of cases) {
    if (onlyPattern && entry.pattern !== onlyPattern) continue;
    checked += 1;
    const result = await classifyCommand(fill(entry.command), {
      workspaceRoot: workspace,
      homeDir: home,
    });
    const got = result.verdict;
    byPattern[entry.pattern] ??= { total: 0, wrong: 0 };
    const stats = byPattern[entry.pattern];
    stats.total += 1;
    let kind;
    if (entry.expect === 'allow' && got !== 'allow') kind = 'ordinary flagged';
    else if (entry.expect !== 'allow' && got === 'allow') kind = 'dangerous allowed';
    else if (entry.expect === 'block' && got === 'warn') kind = 'catastrophic only warned';
    if (!kind) continue;
    stats.wrong += 1;
    const reasons = (result.findings ?? [])
      .map((finding) => finding.rule ?? '')
      .filter(Boolean)
      .slice(0, 2);
    kinds[kind].push({ id: entry.id, command: entry.command, expect: entry.expect, got, reasons });
  }
} finally {
  rmSync(workspace, { recursive: true, force: true });
}

const wrong = Object.values(kinds).reduce((sum, list) => sum + list.length, 0);
if (asJson) {
  console.log(JSON.stringify({ file, checked, wrong, kinds, byPattern }, null, 2));
} else {
  for (const [kind, list] of Object.entries(kinds)) {
    if (list.length === 0) continue;
    console.log(`\n== ${kind} (${list.length})`);
    for (const item of list) {
      const reason = item.reasons.length ? `  [${item.reasons.join('; ')}]` : '';
      console.log(
        `${item.id}  expect ${item.expect}, got ${item.got}: ${JSON.stringify(item.command)}${reason}`,
      );
    }
  }
  console.log('\n== by pattern (wrong/total)');
  for (const [pattern, stats] of Object.entries(byPattern)) {
    console.log(`${pattern.padEnd(12)} ${stats.wrong}/${stats.total}`);
  }
  console.log(
    `\n${checked} cases, ${checked - wrong} right, ${wrong} wrong: ` +
      Object.entries(kinds)
        .map(([kind, list]) => `${list.length} ${kind}`)
        .join(', '),
  );
}
process.exitCode = wrong > 0 ? 1 : 0;
