/**
 * The twelve steps in which the builder creates tools, in order. A plugin declares its step;
 * within a step, plugins keep the order they were registered in. A plugin without a step runs
 * after {@link BuildStep.Control}.
 */
export const BuildStep = {
  /** Read, Write, Edit, ListDir, Glob, Grep. */
  FileSystem: 1,
  /** Bash. */
  Shell: 2,
  /** WebSearch. */
  WebSearch: 3,
  /** WebFetch. */
  WebFetch: 4,
  /** list_skills, read_skill. */
  Skills: 5,
  /** skillhub_search, skillhub_install. */
  SkillHub: 6,
  /** spawn_agent. */
  SubAgent: 7,
  /** subagent_list, subagent_status. */
  SubAgentQuery: 8,
  /** slash_command. */
  SlashCommand: 9,
  /** The tools of MCP servers. */
  Mcp: 10,
  /** SessionsSpawn, SessionsList, SessionsSend, SessionsHistory. */
  Session: 11,
  /** Notify and SessionsYield, last of the built-in steps. */
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
