declare const __PACKAGE_VERSION__: string;

/** The version of `@tinyelf/tool-web`, from its package.json at build time. */
export const VERSION: string =
  typeof __PACKAGE_VERSION__ === 'string' ? __PACKAGE_VERSION__ : '0.0.0-dev';

/** The User-Agent WebFetch sends. */
export const USER_AGENT = `TinyElf-WebFetch/${VERSION} (+https://www.npmjs.com/package/@tinyelf/tool-web)`;
