/**
 * The twelve steps in which the builder creates tools, in order. A plugin declares its step;
 * within a step, plugins keep the order they were registered in. A plugin without a step runs
 * after {@link BuildStep.Control}.
 */
export const BuildStep = {
  FileSystem: 1,
  Shell: 2,
  WebSearch: 3,
  WebFetch: 4,
  Skills: 5,
  SkillHub: 6,
  SubAgent: 7,
  SubAgentQuery: 8,
  SlashCommand: 9,
  Mcp: 10,
  Session: 11,
  Control: 12,
} as const;

/** One of the {@link BuildStep} values. */
export type BuildStep = (typeof BuildStep)[keyof typeof BuildStep];

/** The step names in build order. */
export const BUILD_STEP_ORDER = Object.keys(BuildStep) as readonly (keyof typeof BuildStep)[];

/** The name of a step (`'Mcp'` for 10), or `'AfterControl'` for a plugin without one. */
export function buildStepName(step: BuildStep | undefined): string {
  if (step === undefined) return 'AfterControl';
  return BUILD_STEP_ORDER[step - 1] ?? `Step${step}`;
}
