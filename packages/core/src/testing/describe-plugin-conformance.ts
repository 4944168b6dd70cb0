import { describe, expect, it } from 'vitest';
import type { ToolPlugin } from '../plugin/tool-plugin';
import {
  CONFORMANCE_CHECKS,
  type ConformanceOptions,
  type ConformanceReport,
  checkPluginConformance,
} from './check-plugin-conformance';

/**
 * Declares the conformance suite as vitest tests, one per check, for a plugin made by
 * `createPlugin` (called once). Run it from the plugin's own test file.
 *
 * @example
 * ```ts
 * describePluginConformance(() => createFileSystemPlugin(), { sampleInputs: { Read: { path: 'a.txt' } } });
 * ```
 */
export function describePluginConformance(
  createPlugin: () => ToolPlugin | Promise<ToolPlugin>,
  options: ConformanceOptions | (() => ConformanceOptions | Promise<ConformanceOptions>) = {},
): void {
  let report: Promise<ConformanceReport> | undefined;
  const run = () => {
    report ??= (async () => {
      const resolved = typeof options === 'function' ? await options() : options;
      return checkPluginConformance(await createPlugin(), resolved);
    })();
    return report;
  };
  describe('tool plugin conformance', () => {
    for (const check of CONFORMANCE_CHECKS) {
      it(check, async () => {
        const { failures } = await run();
        expect(failures.filter((failure) => failure.check === check)).toEqual([]);
      }, 60_000);
    }
  });
}
