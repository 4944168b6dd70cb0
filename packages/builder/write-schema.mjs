// Writes tinyelf.config.schema.json from the built schema: node write-schema.mjs (after a build).
import { writeFileSync } from 'node:fs';
import { builderConfigSchema } from '@tinyelf/builder';

writeFileSync(
  new URL('./tinyelf.config.schema.json', import.meta.url),
  `${JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', ...JSON.parse(JSON.stringify(await builderConfigSchema())) }, null, 2)}\n`,
);
