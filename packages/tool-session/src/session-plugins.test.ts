import { chmodSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DefaultAgentRunner, OpenAIChatClient } from '@tinyelf/agent';
import { BuildStep, ToolRegistry } from '@tinyelf/core';
import { createTestBuildContext, describePluginConformance } from '@tinyelf/core/testing';
import { describe, expect, it } from 'vitest';
import { createSessionPlugins } from './session-plugins';
import { createNotifyTool } from './tools/control-tools';

const unreachableRunner = new DefaultAgentRunner({
  model: new OpenAIChatClient({ baseUrl: 'http://127.0.0.1:1/v1', model: 'none' }),
});

describe('session plugin conformance', () => {
  describe('Control', () => {
    describePluginConformance(() => createSessionPlugins().control, {
      sampleInputs: { Notify: { title: 'conformance' }, SessionsYield: { message: 'bye' } },
    });
  });
  describe('SubAgent', () => {
    describePluginConformance(() => createSessionPlugins({ runner: unreachableRunner }).subAgent, {
      sampleInputs: { spawn_agent: { prompt: 'conformance' } },
    });
  });
  describe('SubAgentQuery', () => {
    describePluginConformance(
      () => createSessionPlugins({ runner: unreachableRunner }).subAgentQuery,
      { sampleInputs: { subagent_status: { runId: 'run_none' } } },
    );
  });
  describe('Session', () => {
    describePluginConformance(() => createSessionPlugins({ runner: unreachableRunner }).session, {
      sampleInputs: {
        SessionsSend: { sessionId: 's_none', message: 'x' },
        SessionsHistory: { sessionId: 's_none' },
      },
      skipExecution: ['SessionsSpawn'],
    });
  });
});

describe('session plugins', () => {
  it('sit at steps SubAgent, SubAgentQuery, Session and Control, and need a runner', async () => {
    const plugins = createSessionPlugins();
    expect([
      plugins.subAgent.step,
      plugins.subAgentQuery.step,
      plugins.session.step,
      plugins.control.step,
    ]).toEqual([BuildStep.SubAgent, BuildStep.SubAgentQuery, BuildStep.Session, BuildStep.Control]);
    expect(await plugins.subAgent.isEligible?.(createTestBuildContext())).toEqual({
      eligible: false,
      reason: 'no AgentRunner is configured (give the builder an agentRunner)',
    });
    expect(
      await createSessionPlugins({ runner: unreachableRunner }).subAgent.isEligible?.(
        createTestBuildContext(),
      ),
    ).toBe(true);
  });
});

describe('Notify', () => {
  it('calls notify-send with the title and body', async () => {
    const bin = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-notify-')));
    writeFileSync(
      join(bin, 'notify-send'),
      `#!/bin/sh\nprintf '%s\\n' "$@" > ${join(bin, 'args.txt')}\n`,
    );
    chmodSync(join(bin, 'notify-send'), 0o755);
    const registry = new ToolRegistry().register(
      createNotifyTool({ platform: 'linux', env: { PATH: `${bin}:/usr/bin:/bin` } }),
    );
    const result = await registry.execute('c', 'Notify', {
      title: 'Build done',
      body: 'All green',
    });
    expect(result.content).toBe('Notification shown (notify-send): Build done');
    expect(readFileSync(join(bin, 'args.txt'), 'utf8')).toBe(
      '--app-name=TinyElf\nBuild done\nAll green\n',
    );
  });

  it('reports, without failing, where notifications are not available', async () => {
    const registry = new ToolRegistry().register(
      createNotifyTool({ platform: 'linux', env: { PATH: '/nonexistent' } }),
    );
    const result = await registry.execute('c', 'Notify', { title: 'Hello' });
    expect(result.isError).toBe(false);
    expect(result.content).toBe(
      'The notification could not be shown (notify-send: notify-send is not installed (Debian package libnotify-bin)); tell the user in your answer instead. It was: Hello',
    );
  });
});
