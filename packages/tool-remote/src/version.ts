declare const __PACKAGE_VERSION__: string;

/** The version of `@tinyelf/tool-remote`, from its package.json at build time. */
export const VERSION: string =
  typeof __PACKAGE_VERSION__ === 'string' ? __PACKAGE_VERSION__ : '0.0.0-dev';
