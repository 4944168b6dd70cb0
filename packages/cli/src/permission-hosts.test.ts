import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from '../../../test-support/run-process';
import { startScriptedModel } from '../../../test-support/scripted-model-server';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
beforeAll(() => {
  if (!existsSync(bin)) throw new Error(`Build the CLI first (pnpm build): ${bin} is missing.`);
});

/** A workspace whose configuration denies `rm`, asks before `echo asked`, and allows `echo`. */
function workspace(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-hosts-')));
  writeFileSync(
    join(root, 'tinyelf.config.json'),
    JSON.stringify({
      plugins: ['@tinyelf/tool-fs', '@tinyelf/tool-shell'],
      policy: {
        permissions: {
          allow: ['Bash(echo:*)'],
          ask: ['Bash(echo asked:*)'],
          deny: ['Bash(rm:*)'],
        },
      },
    }),
  );
  writeFileSync(join(root, 'keep.txt'), 'kept\n');
  return root;
}

function tinyelf(args: string[]) {
  const run = spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Runs tinyelf on a real terminal (script(1) gives it a pty) and answers its question. */
function onTerminal(args: string[], answer: string): Promise<string> {
  const command = [process.execPath, bin, ...args].map((word) => `'${word}'`).join(' ');
  const child = spawn('script', ['-qec', command, '/dev/null'], { stdio: 'pipe' });
  let output = '';
  let answered = false;
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (!answered && output.includes('[n]o')) {
        answered = true;
        child.stdin.write(`${answer}\n`);
      }
    });
    child.on('close', () => resolve(output));
  });
}

describe('tinyelf call', () => {
  it("refuses a deny rule's call, stops at an ask rule's call without a terminal, runs an allowed one", () => {
    const root = workspace();
    const denied = tinyelf(['call', 'Bash', 'command=rm keep.txt', '--yes', '--dir', root]);
    expect(denied.code).toBe(2);
    expect(denied.stderr).toContain(
      'The call to Bash was refused and not run. The permission rule `deny: Bash(rm:*)` refuses it.',
    );
    expect(existsSync(join(root, 'keep.txt'))).toBe(true);
    const asked = tinyelf(['call', 'Bash', 'command=echo asked', '--dir', root]);
    expect(asked).toMatchObject({
      code: 2,
      stderr:
        'Bash {"command":"echo asked"} needs confirmation (The permission rule `ask: Bash(echo asked:*)` asks before it runs.); run it with --yes, or from a terminal.\n',
    });
    expect(tinyelf(['call', 'Bash', 'command=echo asked', '--yes', '--dir', root]).stdout).toBe(
      'asked\n\nExit code 0.\n',
    );
    expect(tinyelf(['call', 'Bash', 'command=echo hi', '--dir', root])).toMatchObject({
      code: 0,
      stdout: 'hi\n\nExit code 0.\n',
    });
  });

  it('asks on a terminal; [a]lways shows the rule, saves it to .tinyelf/settings.json, and it holds', async () => {
    const root = workspace();
    const output = await onTerminal(['call', 'Bash', 'command=ls -a', '--dir', root], 'a');
    const settings = join(root, '.tinyelf', 'settings.json');
    expect(output).toContain(`[a]lways: saves the allow rule "Bash(ls:*)" to ${settings}`);
    expect(output).toContain('keep.txt');
    expect(JSON.parse(readFileSync(settings, 'utf8'))).toEqual({
      permissions: { allow: ['Bash(ls:*)'] },
    });
    // The saved rule is loaded: no terminal and no --yes, and the call runs.
    expect(tinyelf(['call', 'Bash', 'command=ls', '--dir', root]).code).toBe(0);
    // A call with an ask rule offers no [a]lways: the rule asks every time.
    const ask = await onTerminal(['call', 'Bash', 'command=echo asked', '--dir', root], 'n');
    expect(ask).toContain('[y]es / [n]o: ');
    expect(ask).not.toContain('[a]lways');
    expect(ask).toContain('The user declined the call to Bash');
  });
});

describe('tinyelf run', () => {
  it('sends a system prompt, feeds a deny back to the model, and exits 2 at a call that asks', async () => {
    const root = workspace();
    const model = await startScriptedModel([
      { toolCalls: [{ name: 'Bash', arguments: { command: 'rm keep.txt' } }] },
      { toolCalls: [{ name: 'Bash', arguments: { command: 'echo asked' } }] },
      { content: 'never reached' },
    ]);
    cleanups.push(model.close);
    const env = {
      ...process.env,
      OPENAI_BASE_URL: model.baseUrl,
      TINYELF_MODEL: 't',
      OPENAI_API_KEY: 'k',
    };
    const run = await runProcess(process.execPath, [bin, 'run', 'tidy up', '--dir', root], { env });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      'The run stopped: Bash {"command":"echo asked"} needs confirmation (The permission rule `ask: Bash(echo asked:*)` asks before it runs.); run it with --yes, or from a terminal.',
    );
    expect(existsSync(join(root, 'keep.txt'))).toBe(true);
    const [first, second] = model.requests as { messages: { role: string; content: string }[] }[];
    expect(first!.messages[0]).toMatchObject({ role: 'system' });
    expect(first!.messages[0]!.content).toContain(`The workspace is ${root}`);
    expect(first!.messages[0]!.content).toContain('Permission mode: default');
    expect(JSON.stringify(second!.messages)).toContain('`deny: Bash(rm:*)` refuses it');
  });

  it('takes the system prompt from --system-prompt-file, and names a missing one', async () => {
    const root = workspace();
    writeFileSync(join(root, 'prompt.md'), 'You are a terse elf.');
    const model = await startScriptedModel([{ content: 'ok' }]);
    cleanups.push(model.close);
    const env = {
      ...process.env,
      OPENAI_BASE_URL: model.baseUrl,
      TINYELF_MODEL: 't',
      OPENAI_API_KEY: 'k',
    };
    const file = join(root, 'prompt.md');
    const run = await runProcess(
      process.execPath,
      [bin, 'run', 'hi', '--dir', root, '--system-prompt-file', file],
      { env },
    );
    expect(run).toMatchObject({ code: 0, stdout: 'ok\n' });
    expect((model.requests[0] as { messages: unknown[] }).messages[0]).toEqual({
      role: 'system',
      content: 'You are a terse elf.',
    });
    const missing = await runProcess(
      process.execPath,
      [bin, 'run', 'hi', '--dir', root, '--system-prompt-file', join(root, 'nope.md')],
      { env },
    );
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain(
      `--system-prompt-file "${join(root, 'nope.md')}" cannot be used`,
    );
  });
});

/** An SDK client of `tinyelf mcp serve` over stdio; `elicit` answers elicitation when given. */
async function serve(root: string, extra: string[], elicit?: (message: string) => boolean) {
  const client = new Client(
    { name: 'hosts-test', version: '1.0.0' },
    { capabilities: elicit ? { elicitation: {} } : {} },
  );
  const messages: string[] = [];
  if (elicit)
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      messages.push(request.params.message);
      return elicit(request.params.message)
        ? { action: 'accept', content: { approve: true } }
        : { action: 'decline' };
    });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'mcp', 'serve', '--dir', root, ...extra],
      stderr: 'ignore',
    }),
  );
  cleanups.push(() => client.close());
  const call = async (command: string, meta?: Record<string, unknown>) => {
    const result = await client.callTool({
      name: 'Bash',
      arguments: { command },
      ...(meta && { _meta: meta }),
    });
    return { isError: result.isError, text: (result.content as { text: string }[])[0]!.text };
  };
  return { call, messages };
}

describe('tinyelf mcp serve', () => {
  it("refuses a deny rule's call, and an ask rule's or risky call when the client cannot be asked", async () => {
    const root = workspace();
    const { call } = await serve(root, []);
    const denied = await call('rm keep.txt');
    expect(denied.text).toContain('`deny: Bash(rm:*)` refuses it');
    expect(existsSync(join(root, 'keep.txt'))).toBe(true);
    const asked = await call('echo asked');
    expect(asked.isError).toBe(true);
    expect(asked.text).toContain("The server's rule `ask: Bash(echo asked:*)` asks first.");
    expect(asked.text).toContain('did not declare the elicitation capability');
    const risky = await call('cat /etc/hosts');
    expect(risky.isError).toBe(true);
    expect(risky.text).toContain('outside the workspace');
    // An ordinary call is the client's to ask: it runs.
    expect(await call('ls')).toMatchObject({ isError: false });
    // A client whose own host decided the call with the warnings (as @tinyelf/tool-remote does).
    const confirmed = { 'tinyelf/riskConfirmed': true };
    expect((await call('cat /etc/hosts', confirmed)).isError).toBe(false);
    expect((await call('echo asked', confirmed)).isError).toBe(true);
    expect((await call('rm keep.txt', confirmed)).text).toContain('`deny: Bash(rm:*)` refuses it');
  });

  it("asks the client's user through elicitation; --approve-risky pre-approves warnings, not rules", async () => {
    const root = workspace();
    const { call, messages } = await serve(root, [], (message) => message.includes('asked'));
    expect(await call('echo asked')).toEqual({ isError: false, text: 'asked\n\nExit code 0.' });
    expect(messages[0]).toContain('Allow Bash {"command":"echo asked"}? The server\'s rule');
    const declined = await call('cat /etc/hosts');
    expect(declined.text).toContain("the client's user declined");
    expect((await call('rm keep.txt')).text).toContain('`deny: Bash(rm:*)` refuses it');
    expect(messages).toHaveLength(2);
    const approving = await serve(root, ['--approve-risky']);
    expect((await approving.call('cat /etc/hosts')).isError).toBe(false);
    expect((await approving.call('echo asked')).isError).toBe(true);
  });
});
