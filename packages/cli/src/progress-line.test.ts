import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ProgressLine, type StatusStream } from './progress-line';

/** A terminal's stderr as the status line sees it: what was written, with isTTY set. */
function terminal(isTTY: boolean, columns = 60): StatusStream & { text: string } {
  return {
    isTTY,
    columns,
    text: '',
    write(text: string) {
      this.text += text;
      return true;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ProgressLine', () => {
  it('draws nothing when the stream is not a terminal', async () => {
    const stream = terminal(false);
    const line = new ProgressLine(stream, 'Bash', { delayMs: 20, refreshMs: 20 });
    line.update('3 lines, 6 bytes: 3');
    await sleep(80);
    line.stop();
    expect(stream.text).toBe('');
  });

  it('draws nothing for a call that ends within the delay', async () => {
    const stream = terminal(true);
    const line = new ProgressLine(stream, 'Bash', { delayMs: 200 });
    line.update('1 line, 2 bytes: 1');
    await sleep(20);
    line.stop();
    await sleep(250);
    expect(stream.text).toBe('');
  });

  it('shows the tool, the time and the latest message in place, shortened to the width, then erases it', async () => {
    const stream = terminal(true, 40);
    const line = new ProgressLine(stream, 'Bash', { delayMs: 30, refreshMs: 30 });
    line.update('1 line, 2 bytes: 1');
    await sleep(50);
    line.update('2 lines, 4 bytes: a very long latest line that does not fit');
    await sleep(60);
    line.stop();
    const draws = stream.text.split('\r\x1b[2K').filter(Boolean);
    expect(draws.length).toBeGreaterThanOrEqual(2);
    expect(draws[0]).toMatch(/^⠋ Bash 0\.\d s · 1 line, 2 bytes: 1$/);
    expect(draws.at(-1)).toMatch(/^. Bash 0\.\d s · 2 lines, 4 bytes: a v.*…$/);
    expect([...(draws.at(-1) ?? '')]).toHaveLength(39);
    // Erased at the end: the last thing written is the erase sequence.
    expect(stream.text.endsWith('\r\x1b[2K')).toBe(true);
  });
});

describe('tinyelf call with a slow command', () => {
  const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
  const command = 'for i in 1 2 3; do echo $i; sleep 0.5; done';
  const root = () => {
    if (!existsSync(bin)) throw new Error(`Build the CLI first (pnpm build): ${bin} is missing.`);
    const folder = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-cli-progress-')));
    writeFileSync(
      join(folder, 'tinyelf.config.json'),
      JSON.stringify({ plugins: ['@tinyelf/tool-shell'], shell: { sandbox: 'none' } }),
    );
    return folder;
  };

  it('prints nothing extra when stderr is not a terminal', () => {
    const run = spawnSync(
      process.execPath,
      [bin, 'call', 'Bash', `command=${command}`, '--yes', '--dir', root()],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('1\n2\n3\n\nExit code 0.\n');
    expect(run.stderr).toBe('');
  });

  const hasScript = spawnSync('script', ['--version']).status === 0;
  it.skipIf(!hasScript)(
    'shows the live status line on a terminal (a real pty, through script)',
    () => {
      const line = [process.execPath, bin, 'call', 'Bash', `command='${command}'`, '--yes']
        .concat(['--dir', root()])
        .join(' ');
      const run = spawnSync('script', ['-qec', line, '/dev/null'], { encoding: 'utf8' });
      expect(run.status).toBe(0);
      // Drawn after a second with the latest line, erased before the result is printed.
      const shown = run.stdout.replaceAll('\r\x1b[2K', '<erase>');
      expect(shown).toMatch(/<erase>. Bash \d\.\d s · ([23]) lines, [46] bytes: \1/);
      expect(shown).toMatch(/<erase>1\r?\n2\r?\n3\r?\n\r?\nExit code 0\.\r?\n$/);
    },
  );
});
