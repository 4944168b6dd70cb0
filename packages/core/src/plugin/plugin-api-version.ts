/**
 * The version of the plugin contract this copy of core implements. A plugin states the version
 * it was written for in `apiVersion`; the builder refuses a plugin whose version differs.
 */
export const PLUGIN_API_VERSION = 1;

/** Whether a plugin written for `apiVersion` works with this core. */
export function isPluginApiCompatible(apiVersion: unknown): boolean {
  return apiVersion === PLUGIN_API_VERSION;
}
