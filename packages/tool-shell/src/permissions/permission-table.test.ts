import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ITool,
  type PermissionMode,
  type PermissionRulesConfig,
  ToolPolicy,
  ToolRegistry,
} from '@tinyelf/core';
import { describe, expect, it } from 'vitest';
import { createShellTool } from '../tools/bash';

// The expected decisions follow the documented semantics (packages/core/README.md, "Permission
// rules"): deny > ask > allow; a risk warning asks, a block is denied; Bash rules match every
// command the line runs (allow: all of them covered; deny/ask: any of them); path rules match the
// real location (allow: exactly; deny/ask: also as written, ignoring case).

const base = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-rule-table-')));
const root = join(base, 'ws');
const home = join(base, 'home');
const outside = join(base, 'outside');
for (const folder of [
  root,
  join(root, 'src', 'generated'),
  join(root, 'secrets'),
  join(root, 'sub'),
  join(home, 'notes'),
  outside,
])
  mkdirSync(folder, { recursive: true });
writeFileSync(join(root, 'secrets', 'key.txt'), 'k');
writeFileSync(join(root, 'src', 'a.ts'), '');
writeFileSync(join(root, 'src', 'generated', 'g.ts'), '');
symlinkSync(join(root, 'secrets'), join(root, 'link-secrets'));
symlinkSync(join(root, 'src'), join(root, 'link-src'));
symlinkSync(outside, join(root, 'link-out'));

const pathTool = (name: string): ITool => ({
  name,
  description: name,
  parameters: { type: 'object', properties: { path: { type: 'string' }, url: { type: 'string' } } },
  execute: async () => `${name} ran`,
});

function registryFor(policy: ToolPolicy): ToolRegistry {
  return new ToolRegistry({ workspaceRoot: root, policy }).registerAll([
    createShellTool({ workspaceRoot: root, sandbox: 'none', homeDir: home }),
    ...['Read', 'Edit', 'Write', 'Glob', 'ListDir', 'WebFetch'].map(pathTool),
    ...[
      'mcp__github__list_issues',
      'mcp__github__create_issue',
      'mcp__github__delete_repo',
      'mcp__danger__anything',
      'mcp__other__thing',
      'mcp__githubx__list',
    ].map(pathTool),
  ]);
}

type Decision = 'allow' | 'ask' | 'deny';
type Row = readonly [
  call: string,
  tool: string,
  params: Record<string, unknown>,
  expected: Decision,
];

const bashRules: PermissionRulesConfig = {
  allow: ['Bash(npm run test:*)', 'Bash(git status)'],
  ask: ['Bash(git push:*)'],
  deny: ['Bash(rm:*)'],
};
const bash = (command: string, expected: Decision): Row => [command, 'Bash', { command }, expected];

const bashRows: Row[] = [
  bash('npm run test', 'allow'),
  bash('npm run test -- --watch', 'allow'),
  bash('npm  run   test', 'allow'),
  bash('"npm" run \'test\'', 'allow'),
  bash('NODE_ENV=ci npm run test', 'allow'),
  bash('cd sub && npm run test', 'allow'),
  bash('npm run test "; rm x"', 'allow'),
  bash('npm run test # ; rm x', 'allow'),
  bash('git status', 'allow'),
  bash('git status; git status', 'allow'),
  bash('git status && npm run test', 'allow'),
  bash('npm run test:unit', 'ask'),
  bash('npm run tests', 'ask'),
  bash('npm run', 'ask'),
  bash('npm test', 'ask'),
  bash('git status --short', 'ask'),
  bash('npm run test && ls', 'ask'),
  bash('npm run test; ls', 'ask'),
  bash('npm run test\nls', 'ask'),
  bash('npm run test | tee out.txt', 'ask'),
  bash('npm run test $(touch made)', 'ask'),
  bash('npm run test `touch made`', 'ask'),
  bash('timeout 5 npm run test', 'ask'),
  bash('env X=1 npm run test', 'ask'),
  bash('sudo npm run test', 'ask'),
  bash('bash -c "npm run test; ls"', 'ask'),
  bash('ls', 'ask'),
  bash('echo "rm x"', 'ask'),
  bash('rmdir x', 'ask'),
  bash('RM x', 'ask'),
  bash('git push origin main', 'ask'),
  bash('git push', 'ask'),
  bash('npm run test && git push', 'ask'),
  bash('rm x', 'deny'),
  bash('rm', 'deny'),
  bash('rm -rf build', 'deny'),
  bash('npm run test; rm -rf build', 'deny'),
  bash('npm run test && rm x', 'deny'),
  bash('npm run test || rm x', 'deny'),
  bash('npm run test & rm x', 'deny'),
  bash('npm run test | rm x', 'deny'),
  bash('npm run test\nrm x', 'deny'),
  bash('npm run test $(rm x)', 'deny'),
  bash('npm run test `rm x`', 'deny'),
  bash('echo "$(rm x)"', 'deny'),
  bash('cat <(rm x)', 'deny'),
  bash('echo hi > >(rm x)', 'deny'),
  bash('env X=1 rm x', 'deny'),
  bash('X=1 rm x', 'deny'),
  bash("'r''m' x", 'deny'),
  bash('r"m" x', 'deny'),
  bash('\\rm x', 'deny'),
  bash('/bin/rm x', 'deny'),
  bash('sudo rm x', 'deny'),
  bash('nice rm x', 'deny'),
  bash('nohup rm x', 'deny'),
  bash('command rm x', 'deny'),
  bash('bash -c "rm x"', 'deny'),
  bash("sh -c 'npm run test; rm x'", 'deny'),
  bash('eval "rm x"', 'deny'),
  bash('x=rm; $x foo', 'deny'),
  bash('$UNKNOWN foo', 'deny'),
  bash('find . -name a -exec rm {} \\;', 'deny'),
  bash('xargs rm < list', 'deny'),
  bash('f() { rm x; }; f', 'deny'),
  bash('(rm x)', 'deny'),
  bash('{ rm x; }', 'deny'),
  bash('if true; then rm x; fi', 'deny'),
  bash('for f in a b; do rm "$f"; done', 'deny'),
  bash('git push; rm x', 'deny'),
  bash('rm -rf ~', 'deny'),
];

const pathRules: PermissionRulesConfig = {
  allow: ['Edit(/src/**)', 'Edit(~/notes/**)'],
  ask: ['Read(*.pem)'],
  deny: ['Read(./secrets/**)', 'Edit(/src/generated/**)'],
};
const file = (tool: string, path: string, expected: Decision): Row => [
  `${tool} ${path}`,
  tool,
  { path },
  expected,
];

const pathRows: Row[] = [
  file('Read', 'src/a.ts', 'allow'),
  file('Read', 'secrets/key.txt', 'deny'),
  file('Read', './secrets/key.txt', 'deny'),
  file('Read', 'secrets/deeper/x.txt', 'deny'),
  file('Read', 'src/../secrets/key.txt', 'deny'),
  file('Read', 'sub/../../ws/secrets/key.txt', 'deny'),
  file('Read', 'SECRETS/key.txt', 'deny'),
  file('Read', 'Secrets/Key.TXT', 'deny'),
  file('Read', 'link-secrets/key.txt', 'deny'),
  file('Read', join(root, 'secrets', 'key.txt'), 'deny'),
  file('Glob', 'secrets', 'deny'),
  file('ListDir', 'link-secrets', 'deny'),
  file('Read', 'cert.pem', 'ask'),
  file('Read', 'src/deep/x.pem', 'ask'),
  file('Read', 'src/X.PEM', 'ask'),
  file('Read', 'secrets/cert.pem', 'deny'),
  file('Edit', 'src/a.ts', 'allow'),
  file('Edit', './src/a.ts', 'allow'),
  file('Edit', join(root, 'src', 'a.ts'), 'allow'),
  file('Edit', 'link-src/a.ts', 'allow'),
  file('Write', 'src/new.ts', 'allow'),
  file('Edit', 'src/generated/g.ts', 'deny'),
  file('Edit', 'src/GENERATED/g.ts', 'deny'),
  file('Edit', 'link-src/generated/g.ts', 'deny'),
  file('Write', 'src/generated/new.ts', 'deny'),
  file('Edit', 'SRC/a.ts', 'ask'),
  file('Edit', 'src/../README.md', 'ask'),
  file('Edit', 'link-out/x.txt', 'ask'),
  file('Edit', join(outside, 'x.txt'), 'ask'),
  file('Edit', join(home, 'notes', 'a.md'), 'allow'),
  file('Edit', join(home, 'other.md'), 'ask'),
];

const webRules: PermissionRulesConfig = {
  allow: ['WebFetch(domain:example.com)'],
  ask: ['WebFetch(domain:ask.test)'],
  deny: ['WebFetch(domain:evil.test)'],
};
const fetch = (url: string, expected: Decision): Row => [url, 'WebFetch', { url }, expected];
const webRows: Row[] = [
  fetch('https://example.com/a', 'allow'),
  fetch('https://evil.test/x', 'deny'),
  fetch('https://EVIL.test/x', 'deny'),
  fetch('https://sub.evil.test/x', 'deny'),
  fetch('https://evil.test.:443/x', 'deny'),
  fetch('https://good.example@evil.test/', 'deny'),
  fetch('evil.test/x', 'deny'),
  fetch('https://notevil.test/', 'allow'),
  fetch('https://evil.test@good.example/', 'allow'),
  fetch('https://ask.test/', 'ask'),
];

const mcpRules: PermissionRulesConfig = {
  allow: ['mcp__github__*'],
  ask: ['mcp__github__create_issue'],
  deny: ['mcp__github__delete_repo', 'mcp__danger'],
};
const mcp = (tool: string, expected: Decision): Row => [tool, tool, {}, expected];
const mcpRows: Row[] = [
  mcp('mcp__github__list_issues', 'allow'),
  mcp('mcp__github__create_issue', 'ask'),
  mcp('mcp__github__delete_repo', 'deny'),
  mcp('mcp__danger__anything', 'deny'),
  mcp('mcp__other__thing', 'ask'),
  mcp('mcp__githubx__list', 'ask'),
];

async function decisionOf(
  policy: ToolPolicy,
  [, tool, params]: Row,
  mode: PermissionMode = 'default',
): Promise<Decision> {
  return (await registryFor(policy).decide(tool, params, { mode })).decision;
}

describe('the permission rule table', () => {
  const tables: [string, PermissionRulesConfig, Row[]][] = [
    ['Bash', bashRules, bashRows],
    ['paths', pathRules, pathRows],
    ['WebFetch', webRules, webRows],
    ['MCP', mcpRules, mcpRows],
  ];
  for (const [name, rules, rows] of tables) {
    it.each(rows)(`${name}: %s`, async (...row) => {
      const policy = new ToolPolicy({ permissions: rules, homeDir: home });
      expect(await decisionOf(policy, row)).toBe(row[3]);
    });
  }

  const modeRows: [PermissionMode, string, Decision][] = [
    ['bypassPermissions', 'rm x', 'deny'],
    ['bypassPermissions', 'rm -rf ~', 'deny'],
    ['bypassPermissions', 'ls', 'allow'],
    ['bypassPermissions', 'git push', 'allow'],
    ['acceptEdits', 'ls', 'ask'],
    ['acceptEdits', 'npm run test', 'allow'],
  ];
  it.each(modeRows)('mode %s: %s', async (mode, command, expected) => {
    const policy = new ToolPolicy({ permissions: bashRules, homeDir: home });
    expect(await decisionOf(policy, bash(command, expected), mode)).toBe(expected);
  });

  const parent = new ToolPolicy({
    permissions: { allow: ['Bash(npm run test:*)', 'Bash(git status)'] },
    homeDir: home,
  });
  const narrowRows: [string, PermissionRulesConfig, string, Decision][] = [
    ['no rules of its own', {}, 'npm run test', 'allow'],
    ['no rules of its own', {}, 'git status', 'allow'],
    ['no rules of its own', {}, 'ls', 'ask'],
    ['a narrower allow list', { allow: ['Bash(git status)'] }, 'git status', 'allow'],
    ['a narrower allow list', { allow: ['Bash(git status)'] }, 'npm run test', 'ask'],
    ['an allow the parent lacks', { allow: ['Bash(ls:*)'] }, 'ls', 'ask'],
    ['a deny of its own', { deny: ['Bash(git status)'] }, 'git status', 'deny'],
    ['a deny of its own', { deny: ['Bash(git status)'] }, 'npm run test', 'allow'],
    ['an ask of its own', { ask: ['Bash(npm run test:*)'] }, 'npm run test', 'ask'],
  ];
  it.each(narrowRows)('a sub-agent with %s (%j): %s', async (_, rules, command, expected) => {
    expect(await decisionOf(parent.narrowedBy(rules), bash(command, expected))).toBe(expected);
  });

  it('has at least 100 rule/call pairs', () => {
    const count =
      bashRows.length +
      pathRows.length +
      webRows.length +
      mcpRows.length +
      modeRows.length +
      narrowRows.length;
    expect(count).toBeGreaterThanOrEqual(100);
  });
});
