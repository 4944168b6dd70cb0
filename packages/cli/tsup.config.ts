import { packageBuild } from '../../tsup.shared';

export default packageBuild(new URL('.', import.meta.url), {
  entry: { index: 'src/index.ts', bin: 'src/bin.ts' },
  dts: { entry: { index: 'src/index.ts' } },
  external: [/^@tinyelf\//, /^@modelcontextprotocol\//],
});
