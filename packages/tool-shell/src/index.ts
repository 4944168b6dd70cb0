export { type ClassifyOptions, classifyCommand } from './classifier/classify-command';
export type { Classification, Finding, Verdict } from './classifier/finding';
export { createShellPlugin, SHELL_PLUGIN_NAME } from './shell-plugin';
export type { ShellToolOptions } from './shell-tool-options';
export { createShellTool } from './tools/bash';
