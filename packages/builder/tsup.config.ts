import { packageBuild } from '../../tsup.shared';

export default packageBuild(new URL('.', import.meta.url), {
  // The tool packages are optional: loaded when installed, never bundled.
  external: [/^@tinyelf\//],
});
