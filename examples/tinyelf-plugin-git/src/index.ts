export {
  createGitTools,
  createPlugin,
  GIT_CONFIG_KEY,
  GIT_CONFIG_SCHEMA,
  type GitPluginOptions,
} from './git-plugin';
