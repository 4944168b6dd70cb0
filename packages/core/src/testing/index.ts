export {
  CONFORMANCE_CHECKS,
  type ConformanceCheck,
  type ConformanceFailure,
  type ConformanceOptions,
  type ConformanceReport,
  checkPluginConformance,
} from './check-plugin-conformance';
export { createTestBuildContext } from './create-test-build-context';
export { describePluginConformance } from './describe-plugin-conformance';
