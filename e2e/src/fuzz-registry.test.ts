// Property tests (fast-check) on ToolRegistry.execute over the file, shell and skill tools:
// arbitrary JSON, and objects shaped like each tool's parameters filled with hostile paths and
// commands. Whatever the input, execute resolves to a ToolCallResult, nothing outside the
// workspace is read or changed, and no command the classifier blocks is handed to a shell.
//
// The shell is observed, not trusted: the Bash tool runs in its bubblewrap mode with a recorder
// in place of bwrap, which logs each script it is given and runs nothing.
import {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { type BuiltRegistry, buildToolRegistry } from '@tinyelf/builder';
import type { ToolCallResult } from '@tinyelf/core';
import { loadAttackCases } from '@tinyelf/test-support/attack-cases';
import { snapshotFolder } from '@tinyelf/test-support/folder-snapshot';
import { classifyCommand } from '@tinyelf/tool-shell';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkspace } from './support/workspace';

const SECRET = `TOP-SECRET-${Math.random().toString(36).slice(2)}`;
let base: string;
let root: string;
let outside: string;
let recorderLog: string;
let built: BuiltRegistry;

beforeAll(async () => {
  base = makeWorkspace({}, 'tinyelf-e2e-fuzz-');
  root = join(base, 'ws');
  outside = join(base, 'outside');
  mkdirSync(root);
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.txt'), `${SECRET}\n`);
  writeFileSync(join(root, 'notes.txt'), 'elves ship on Friday\n');
  symlinkSync(outside, join(root, 'link-out'));
  symlinkSync(join(outside, 'secret.txt'), join(root, 'secret-link.txt'));
  recorderLog = join(base, 'shell-scripts.log');
  const recorder = join(base, 'record-bwrap');
  // Logs the script (the last argument) base64-encoded, one per line; the start-up probe runs `true`.
  writeFileSync(
    recorder,
    `#!/bin/bash\nlast="\${@: -1}"\n[ "$last" = true ] && exit 0\nprintf '%s\\n' "$(printf '%s' "$last" | base64 -w0)" >> '${recorderLog}'\necho recorded\n`,
  );
  chmodSync(recorder, 0o755);
  built = await buildToolRegistry({
    config: {
      workspaceRoot: root,
      plugins: ['@tinyelf/tool-fs', '@tinyelf/tool-shell', '@tinyelf/tool-skills'],
      shell: { sandbox: 'bubblewrap', bubblewrapPath: recorder },
      skills: { homeDir: join(base, 'home') },
    },
  });
});
afterAll(() => built?.dispose());

const HOSTILE_PATHS = [
  '../outside/secret.txt',
  '../../etc/passwd',
  '/etc/shadow',
  'link-out/secret.txt',
  'link-out/new-file.txt',
  'secret-link.txt',
  'link-out',
  '..',
  '/',
  '~/.ssh/id_rsa',
  '%2e%2e/outside/secret.txt',
  '..\\outside\\secret.txt',
  'notes.txt/../../outside/secret.txt',
  'notes.txt\u0000../../outside/secret.txt',
  './././../outside',
  '/proc/self/environ',
];

let hostileCommands: string[] = [];
/** Absolute paths into the folders beside the workspace (known once they exist). */
const absoluteHostilePaths = () => [
  join(outside, 'secret.txt'),
  join(outside, 'new.txt'),
  join(base, 'new.txt'),
  join(root, '..', 'outside', 'new.txt'),
];
const pathLike = () =>
  fc.oneof(
    fc.constantFrom(...HOSTILE_PATHS, ...absoluteHostilePaths()),
    fc.constantFrom('notes.txt', 'new.txt', 'deep/new.txt', '*', '**/*', '.'),
    fc.string({ maxLength: 24 }),
    fc
      .array(fc.constantFrom('..', '.', 'outside', 'link-out', 'secret.txt', 'ws', ''), {
        maxLength: 6,
      })
      .map((parts) => parts.join('/')),
  );
const commandLike = () =>
  fc.oneof(
    fc.constantFrom(...hostileCommands),
    fc.string({ maxLength: 40 }),
    fc
      .tuple(
        fc.constantFrom(...hostileCommands),
        fc.constantFrom(' && ', '; ', ' | ', '\n', ' & '),
        fc.string({ maxLength: 12 }),
      )
      .map(([command, join, rest]) => `echo ok${join}${command}${rest ? ` ${rest}` : ''}`),
  );
const anyValue = () => fc.oneof(pathLike(), fc.jsonValue({ maxDepth: 2 }));

/** Arguments for a tool: raw JSON, or its own parameter names with hostile or arbitrary values. */
function argumentsFor(toolName: string): fc.Arbitrary<unknown> {
  const parameters = built.registry.get(toolName)?.parameters as {
    properties?: Record<
      string,
      { type?: string; enum?: unknown[]; minimum?: number; maximum?: number }
    >;
    required?: string[];
  };
  const properties = parameters?.properties ?? {};
  const names = Object.keys(properties);
  // Mostly values of the right type (so calls get into the tool), sometimes anything at all.
  const typed = (name: string): fc.Arbitrary<unknown> => {
    const { type, enum: choices, minimum = -5, maximum = 100_000 } = properties[name] ?? {};
    if (name === 'command') return commandLike();
    if (choices?.length) return fc.constantFrom(...choices);
    if (type === 'integer' || type === 'number') return fc.integer({ min: minimum, max: maximum });
    if (type === 'boolean') return fc.boolean();
    if (type === 'string') return pathLike();
    return anyValue();
  };
  const valueFor = (name: string) =>
    fc.oneof({ arbitrary: typed(name), weight: 5 }, { arbitrary: anyValue(), weight: 1 });
  const shaped = names.length
    ? fc.record(Object.fromEntries(names.map((name) => [name, valueFor(name)])), {
        requiredKeys: parameters.required ?? [],
      })
    : fc.constant({});
  return fc.oneof(
    { arbitrary: shaped, weight: 4 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  );
}

/** The fast-check seed: fixed by default, another with TINYELF_FUZZ_SEED=<n>, none with `random`. */
function fuzzSeed(): { seed?: number } {
  const chosen = process.env.TINYELF_FUZZ_SEED;
  if (chosen === 'random') return {};
  return { seed: chosen ? Number(chosen) : 20261130 };
}

function expectToolCallResult(result: ToolCallResult, id: string, tool: string) {
  expect(result.toolCallId).toBe(id);
  expect(result.toolName).toBe(tool);
  expect(typeof result.content).toBe('string');
  expect(typeof result.isError).toBe('boolean');
  expect(typeof result.truncated).toBe('boolean');
  expect(Number.isFinite(result.durationMs)).toBe(true);
  if (result.isError) expect(result.errorCode).toEqual(expect.any(String));
  // Nothing from outside the workspace comes back.
  expect(result.content).not.toContain(SECRET);
}

describe('ToolRegistry.execute with arbitrary input', () => {
  beforeAll(() => {
    hostileCommands = loadAttackCases(['Bash'])
      .filter((entry) => entry.expect === 'blocked')
      .map((entry) => String(entry.input.command));
    expect(hostileCommands.length).toBeGreaterThan(50);
  });

  it('always resolves to a ToolCallResult, touches nothing outside, hands no blocked command to a shell', async () => {
    const before = snapshotFolder(outside);
    const tools = built.registry.getNames();
    expect(tools).toEqual(
      expect.arrayContaining(['Read', 'Write', 'Edit', 'Glob', 'Grep', 'ListDir', 'Bash']),
    );
    const call = fc.oneof(
      fc.constantFrom(...tools).chain((tool) => fc.tuple(fc.constant(tool), argumentsFor(tool))),
      fc.tuple(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })),
    );
    let id = 0;
    /** Calls per tool that got past validation into the tool, so the fuzz is known to reach the code. */
    const reached = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(call, async ([tool, args]) => {
        const callId = `fuzz-${++id}`;
        const result = await built.registry.execute(callId, tool, args, {
          timeoutMs: 10_000,
          confirm: () => true,
        });
        expectToolCallResult(result, callId, tool);
        if (result.errorCode !== 'INVALID_TOOL_INPUT' && result.errorCode !== 'TOOL_NOT_FOUND')
          reached.set(tool, (reached.get(tool) ?? 0) + 1);
        if (tool === 'Bash' && typeof (args as { command?: unknown })?.command === 'string') {
          const command = (args as { command: string }).command;
          const verdict = await classifyCommand(command, {
            workspaceRoot: root,
            homeDir: join(base, 'home'),
          });
          // Refused, by the classifier (or earlier, by validation of another argument).
          if (verdict.verdict === 'block') {
            expect(result.isError).toBe(true);
            expect(['COMMAND_BLOCKED', 'PERMISSION_DENIED', 'INVALID_TOOL_INPUT']).toContain(
              result.errorCode,
            );
          }
        }
      }),
      // CI replays one seed, so a red run can be reproduced; TINYELF_FUZZ_SEED=random explores.
      { numRuns: 2000, ...fuzzSeed() },
    );
    for (const tool of ['Read', 'Write', 'Edit', 'Glob', 'Grep', 'ListDir', 'Bash'])
      expect(
        reached.get(tool) ?? 0,
        `${tool} was reached: ${JSON.stringify([...reached])}`,
      ).toBeGreaterThan(20);
    console.info(
      `fuzz: calls that reached each tool: ${JSON.stringify(Object.fromEntries(reached))}`,
    );

    // Outside the workspace: exactly as before, and nothing new beside it.
    expect(snapshotFolder(outside)).toEqual(before);
    expect(readdirSync(base).sort()).toEqual(
      ['outside', 'record-bwrap', 'shell-scripts.log', 'ws'].sort(),
    );
    // Every script that reached the shell was one the classifier lets through.
    const scripts = readFileSync(recorderLog, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) =>
        Buffer.from(line, 'base64')
          .toString('utf8')
          .replace(/^exec 2>&1; /, ''),
      );
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const verdict = await classifyCommand(script, {
        workspaceRoot: root,
        homeDir: join(base, 'home'),
      });
      expect(verdict.verdict, script).not.toBe('block');
    }
  });
});
