import { BuildStep } from '@tinyelf/core';
import { createTestBuildContext, describePluginConformance } from '@tinyelf/core/testing';
import { describe, expect, it } from 'vitest';
import {
  createSkillHubPlugin,
  createSkillsPlugin,
  createSlashCommandPlugin,
} from './skills-plugins';

describe('Skills plugin conformance', () => {
  describePluginConformance(() => createSkillsPlugin(), {
    sampleInputs: { read_skill: { name: 'missing' } },
  });
});
describe('SkillHub plugin conformance', () => {
  describePluginConformance(
    () => createSkillHubPlugin({ registryUrl: 'http://127.0.0.1:1/index.json' }),
    {
      sampleInputs: { skillhub_search: { query: 'pdf' }, skillhub_install: { skillId: 'pdf' } },
    },
  );
});
describe('SlashCommand plugin conformance', () => {
  describePluginConformance(() => createSlashCommandPlugin(), {
    sampleInputs: { slash_command: { command: 'missing' } },
  });
});

describe('skill plugins', () => {
  it('sit at steps Skills, SkillHub and SlashCommand; SkillHub needs a registry URL', async () => {
    expect([
      createSkillsPlugin().step,
      createSkillHubPlugin().step,
      createSlashCommandPlugin().step,
    ]).toEqual([BuildStep.Skills, BuildStep.SkillHub, BuildStep.SlashCommand]);
    expect(await createSkillHubPlugin().isEligible?.(createTestBuildContext())).toEqual({
      eligible: false,
      reason: 'no skills.registryUrl is configured',
    });
    expect(
      await createSkillHubPlugin().isEligible?.(
        createTestBuildContext({
          config: { skills: { registryUrl: 'http://hub.example/index.json' } },
        }),
      ),
    ).toBe(true);
  });
});
