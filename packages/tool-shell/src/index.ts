export { type BashParserOptions, configureBashParser } from './classifier/bash-parser';
export { type ClassifyOptions, classifyCommand } from './classifier/classify-command';
export type { Classification, Finding, Verdict } from './classifier/finding';
export {
  BASH_SPECIFIER_SYNTAX,
  type BashPattern,
  bashPermissionSpecifiers,
  commandMatches,
  matchBashSpecifiers,
  parseBashPattern,
  suggestBashSpecifiers,
} from './permissions/bash-specifiers';
export { DEFAULT_HIDDEN_PATHS, DEFAULT_READ_ONLY_PATHS } from './sandbox/protected-mounts';
export { resolveSandbox, type SandboxStatus } from './sandbox/resolve-sandbox';
export { SANDBOX_MODES, type SandboxMode } from './sandbox/sandbox-mode';
export { createShellPlugin, SHELL_PLUGIN_NAME } from './shell-plugin';
export type { ShellToolOptions } from './shell-tool-options';
export { createShellTool, SANDBOX_BYPASS_RULE } from './tools/bash';
