import { describe, expect, it } from 'vitest';
import { BUILD_STEP_ORDER, BuildStep, buildStepName } from './build-step';

describe('BuildStep', () => {
  it('has the twelve steps in the fixed order', () => {
    expect(BUILD_STEP_ORDER).toEqual([
      'FileSystem',
      'Shell',
      'WebSearch',
      'WebFetch',
      'Skills',
      'SkillHub',
      'SubAgent',
      'SubAgentQuery',
      'SlashCommand',
      'Mcp',
      'Session',
      'Control',
    ]);
    expect(BUILD_STEP_ORDER.map((name) => BuildStep[name])).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
  });
  it('names steps, and a plugin without one runs after Control', () => {
    expect(buildStepName(BuildStep.Mcp)).toBe('Mcp');
    expect(buildStepName(undefined)).toBe('AfterControl');
  });
});
