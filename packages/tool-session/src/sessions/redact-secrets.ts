// The patterns moved to core, which the registry's audit log also redacts with.
export { redactSecrets } from '@tinyelf/core';
