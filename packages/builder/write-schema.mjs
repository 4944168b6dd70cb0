// Writes tinyelf.config.schema.json from the built packages: node write-schema.mjs (after a build).
// The builder's own keys and, under their configKey, every first-party plugin's configSchema
// (load-builder-config.test.ts checks the file against every package of first-party-packages.ts).
import { writeFileSync } from 'node:fs';
import { builderConfigSchema, DEFAULT_PLUGIN_PACKAGES, loadDefaultPlugins } from '@tinyelf/builder';

const { plugins } = await loadDefaultPlugins([
  ...DEFAULT_PLUGIN_PACKAGES,
  '@tinyelf/tool-shell',
  '@tinyelf/tool-remote',
]);
const sections = Object.fromEntries(
  plugins
    .filter((plugin) => plugin.configKey)
    .map((plugin) => [plugin.configKey, plugin.configSchema]),
);
writeFileSync(
  new URL('./tinyelf.config.schema.json', import.meta.url),
  `${JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', ...JSON.parse(JSON.stringify(await builderConfigSchema(sections))) }, null, 2)}\n`,
);
