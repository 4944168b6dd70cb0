/** What happened to one plugin during a build. */
export interface PluginDiagnostic {
  readonly plugin: string;
  /** The step's name (`FileSystem`, ..., `Control`, or `AfterControl`). */
  readonly step: string;
  readonly status: 'added' | 'skipped' | 'failed';
  /** The tools it added. */
  readonly tools: readonly string[];
  /** Why it was skipped or what failed. */
  readonly reason?: string;
  readonly durationMs: number;
}

/** Two plugins offered the same tool name. */
export interface ToolConflict {
  readonly tool: string;
  readonly kept: string;
  readonly dropped: string;
}

/** Everything a build reports. */
export interface BuildDiagnostics {
  readonly plugins: readonly PluginDiagnostic[];
  readonly conflicts: readonly ToolConflict[];
  readonly durationMs: number;
}
