/** Where a skill comes from, highest precedence first. */
export type SkillSource = 'workspace' | 'user' | 'extra' | 'package';

/** A skill: a folder with a `SKILL.md` whose front matter names and describes it. */
export interface Skill {
  /** The skill's name (a slug). */
  readonly name: string;
  /** What it is for, from SKILL.md's front matter. */
  readonly description: string;
  /** Where it was found. */
  readonly source: SkillSource;
  /** The skill's folder. */
  readonly folder: string;
  /** The `SKILL.md` path. */
  readonly file: string;
  /** The other front-matter keys. */
  readonly metadata: Readonly<Record<string, unknown>>;
}

/** Something the loader noticed: a skill skipped as malformed, or one shadowed by a higher source. */
export interface SkillProblem {
  /** The SKILL.md that has the problem. */
  readonly path: string;
  /** What is wrong with it. */
  readonly message: string;
}

/** The names a skill may have: lower case letters, digits and dashes, up to 64. */
export const SKILL_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
