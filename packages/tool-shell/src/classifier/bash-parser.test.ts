import { spawnSync } from 'node:child_process';
import { cachedDataVersionTag } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { configureBashParser, loadBashParser } from './bash-parser';
import { classifyCommand } from './classify-command';

const packageRoot = new URL('../..', import.meta.url).pathname;
const v8Major = Number(process.versions.v8.split('.')[0]);
/** V8 11 and 12 (Node 20 to 23) keep a module's tiering from its compilation; see baseline-wasm.ts. */
const keepsTieringPerModule = v8Major === 11 || v8Major === 12;

/**
 * A fresh Node process, started with `flags` and `--trace-wasm-compilation-times`, that loads the
 * built package, classifies 400 varied commands (enough for V8 to find the parser's functions
 * hot), waits for background compilations, then runs a small WebAssembly loop of its own. Returns
 * how many functions V8's optimising compiler (TurboFan) compiled before and after that loop, the
 * verdicts, and whether V8's flag hash was the same before and after the parser loaded.
 */
function traceCompilations(flags: string[], optOut = false) {
  const script = `
    import { cachedDataVersionTag } from 'node:v8';
    import { classifyCommand, configureBashParser } from '@tinyelf/tool-shell';
    ${optOut ? 'configureBashParser({ baselineCompilerOnly: false });' : ''}
    const tag = cachedDataVersionTag();
    const verdicts = [
      (await classifyCommand('rm -rf /', { workspaceRoot: '/tmp' })).verdict,
      (await classifyCommand('ls -la src', { workspaceRoot: '/tmp' })).verdict,
    ];
    const sameFlags = tag === cachedDataVersionTag();
    const commands = ['git status --short && npm test -- --run 2>&1 | tail -20', 'for f in src/*.ts; do wc -l "$f"; done', 'x=/; f() { rm -rf "$1"; }; f "$x"'];
    for (let i = 0; i < 400; i++) await classifyCommand(commands[i % 3] + ' # ' + i, { workspaceRoot: '/tmp' });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    console.log('MARK ' + JSON.stringify({ verdicts, sameFlags }));
    // (func (export "run") (param i32) (result i32): a counting loop, hot after a few calls.
    const body = [1, 2, 127, 3, 64, 32, 2, 65, 31, 108, 32, 1, 106, 33, 2, 32, 1, 65, 1, 106, 34, 1, 32, 0, 72, 13, 0, 11, 32, 2, 11];
    const bytes = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 6, 1, 96, 1, 127, 1, 127, 3, 2, 1, 0, 7, 7, 1, 3, 114, 117, 110, 0, 0, 10, body.length + 2, 1, body.length, ...body]);
    const { instance } = await WebAssembly.instantiate(bytes);
    for (let i = 0; i < 300; i++) instance.exports.run(100000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    console.log('MARK end');`;
  const run = spawnSync(
    process.execPath,
    [...flags, '--trace-wasm-compilation-times', '--input-type=module', '-e', script],
    { cwd: packageRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  expect(run.stderr).not.toMatch(/Error|Warning/);
  expect(run.status).toBe(0);
  const [parser = '', own = ''] = run.stdout.split(/^MARK .*$/m);
  const turbofan = (text: string) => text.match(/ using TurboFan,/g)?.length ?? 0;
  const result = JSON.parse(run.stdout.match(/^MARK (\{.*\})$/m)?.[1] ?? '{}');
  return { parserTurbofan: turbofan(parser), ownTurbofan: turbofan(own), ...result };
}

describe('the Bash parser', () => {
  it('classifies with the parser loaded, and leaves V8 flags as they were', async () => {
    const tag = cachedDataVersionTag();
    expect((await classifyCommand('rm -rf /', { workspaceRoot: '/tmp' })).verdict).toBe('block');
    expect((await classifyCommand('ls -la', { workspaceRoot: '/tmp' })).verdict).toBe('allow');
    const tree = (await loadBashParser()).parse('a | b && c');
    expect(tree?.rootNode.toString()).toContain('pipeline');
    tree?.delete();
    expect(cachedDataVersionTag()).toBe(tag);
  });

  it('refuses a different compilation choice once loaded, and bad input, with a clear error', async () => {
    await loadBashParser();
    expect(() => configureBashParser({ baselineCompilerOnly: false })).toThrow(
      /already loaded.*before the first classification/,
    );
    expect(() => configureBashParser({ baselineCompilerOnly: true })).not.toThrow();
    expect(() =>
      configureBashParser({ baselineCompilerOnly: 'no' } as unknown as {
        baselineCompilerOnly: boolean;
      }),
    ).toThrow(/baselineCompilerOnly must be true or false/);
  });

  it.skipIf(!keepsTieringPerModule)(
    "on default flags: the parser's WebAssembly is not recompiled by TurboFan, other WebAssembly still is",
    () => {
      const run = traceCompilations([]);
      expect(run.verdicts).toEqual(['block', 'allow']);
      expect(run.sameFlags).toBe(true);
      expect(run.parserTurbofan).toBe(0);
      expect(run.ownTurbofan).toBeGreaterThan(0);
    },
    60_000,
  );

  it.skipIf(!keepsTieringPerModule)(
    'opted out: V8 recompiles the hot parser functions with TurboFan, as before',
    () => {
      const run = traceCompilations([], true);
      expect(run.verdicts).toEqual(['block', 'allow']);
      expect(run.parserTurbofan).toBeGreaterThan(0);
    },
    60_000,
  );

  it("keeps a host's --liftoff-only: nothing in the process tiers up", () => {
    const run = traceCompilations(['--liftoff-only']);
    expect(run.verdicts).toEqual(['block', 'allow']);
    expect(run.sameFlags).toBe(true);
    expect(run.parserTurbofan).toBe(0);
    expect(run.ownTurbofan).toBe(0);
  }, 60_000);
});
