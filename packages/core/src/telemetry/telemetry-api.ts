/** `@opentelemetry/api`, as its types describe it. */
export type TelemetryApi = typeof import('@opentelemetry/api');

let api: TelemetryApi | null | undefined;
let loading: Promise<TelemetryApi | null> | undefined;

/**
 * `@opentelemetry/api`, imported on first use and cached; `null` when it is not installed (an
 * optional peer dependency: nothing is loaded without it, and nothing fails).
 */
export function loadTelemetryApi(): Promise<TelemetryApi | null> {
  loading ??= import('@opentelemetry/api').then(
    (module) => {
      api = module;
      return module;
    },
    () => {
      api = null;
      return null;
    },
  );
  return loading;
}

/** The API when it has been looked for already: the module, `null` when absent, `undefined` before. */
export function loadedTelemetryApi(): TelemetryApi | null | undefined {
  return api;
}
