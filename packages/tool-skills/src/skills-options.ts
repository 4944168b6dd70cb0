import type { ConnectFunction, UrlGuardOptions } from '@tinyelf/core';

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
  /**
   * Allow SkillHub requests (index, archives, redirects) to loopback, private and link-local
   * addresses, as for an intranet registry. @default false
   */
  readonly allowPrivateNetwork?: boolean;
  /** Host names (exact, or `*.suffix`) SkillHub requests may reach whatever they resolve to. @default [] */
  readonly allowedHosts?: readonly string[];
  /** The DNS lookup for SkillHub requests (a test seam). @default dns.lookup */
  readonly lookup?: UrlGuardOptions['lookup'];
  /** Where SkillHub connections go for a checked address (a test seam). @default the checked address */
  readonly connect?: ConnectFunction;
}
