export {
  CommandLoader,
  type ExpandedCommand,
  expandTemplate,
  type SlashCommand,
} from './commands/command-loader';
export { type FrontMatterDocument, parseFrontMatter } from './front-matter';
export type { ExtractionWork } from './skillhub/archive/extract-archive';
export {
  DEFAULT_EXTRACTION_LIMITS,
  type ExtractionLimits,
} from './skillhub/archive/extraction-limits';
export {
  type InstalledSkill,
  type InstallSkillArchiveOptions,
  installSkillArchive,
} from './skillhub/install-skill-archive';
export {
  SkillHubClient,
  type SkillHubClientOptions,
  type SkillHubEntry,
} from './skillhub/skillhub-client';
export {
  SKILL_NAME_PATTERN,
  type Skill,
  type SkillProblem,
  type SkillSource,
} from './skills/skill';
export { type SkillScan, SkillsLoader, type SkillsLoaderOptions } from './skills/skills-loader';
export type { SkillsOptions } from './skills-options';
export {
  createSkillHubPlugin,
  createSkillsPlugin,
  createSlashCommandPlugin,
  SKILLS_CONFIG_SECTION,
} from './skills-plugins';
export { createListSkillsTool, createReadSkillTool } from './tools/skill-tools';
export {
  createSkillHubInstallTool,
  createSkillHubSearchTool,
  type SkillHubInstallToolOptions,
} from './tools/skillhub-tools';
export { createSlashCommandTool } from './tools/slash-command-tool';
