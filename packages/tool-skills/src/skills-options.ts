/** Options of the skill plugins and tools. */
export interface SkillsOptions {
  /** The user's home: `~/.tinyelf/skills` and `~/.tinyelf/commands`. @default os.homedir() */
  readonly homeDir?: string;
  /** More skill folders, after the user's. @default [] */
  readonly extraFolders?: readonly string[];
  /** Skill folders that packages ship, last. @default [] */
  readonly packageFolders?: readonly string[];
  /** The SkillHub index URL; without it the SkillHub tools are not offered. @default none */
  readonly registryUrl?: string;
  /** Where skillhub_install puts skills. @default 'user' */
  readonly installTo?: 'user' | 'workspace';
  /** The largest archive downloaded. @default 20 MB */
  readonly maxArchiveBytes?: number;
  /** The HTTP transport for SkillHub. @default globalThis.fetch */
  readonly fetch?: typeof fetch;
}
