export { createGitTools, createPlugin, type GitPluginOptions } from './git-plugin';
