import { REPOSITORY_CODE_FILES } from './repository-code-files';
import type { SensitivePathEntry } from './sensitive-path-entry';
import { USER_CODE_FILES } from './user-code-files';

/**
 * Files that run code or grant permissions when something else reads them later: git hooks and
 * configuration, shell start-up files, editor tasks, CI definitions, dev containers, this
 * framework's and other coding agents' configuration, tool rc files that run programs, ssh
 * configuration, scheduled jobs and services, system privilege files. Writing one is how a
 * command escapes its sandbox or its confirmation: the code runs at the user's next `git
 * commit`, shell, editor start or CI run. Order matters: the first matching entry names the file.
 */
export const CODE_RUNNING_FILES: readonly SensitivePathEntry[] = [
  ...REPOSITORY_CODE_FILES,
  ...USER_CODE_FILES,
];
