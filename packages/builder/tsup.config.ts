import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  // The tool packages are optional: loaded when installed, never bundled.
  external: [/^@tinyelf\//],
});
