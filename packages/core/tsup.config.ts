import { packageBuild } from '../../tsup.shared';

export default packageBuild(new URL('.', import.meta.url), {
  entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' },
  external: ['vitest'],
});
