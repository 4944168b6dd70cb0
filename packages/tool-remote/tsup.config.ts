import { packageBuild } from '../../tsup.shared';

export default packageBuild(new URL('.', import.meta.url));
