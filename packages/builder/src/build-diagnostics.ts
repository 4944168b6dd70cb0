/** What happened to one plugin during a build. */
export interface PluginDiagnostic {
  /** The plugin's name. */
  readonly plugin: string;
  /** The step's name (`FileSystem`, ..., `Control`, or `AfterControl`). */
  readonly step: string;
  /** Added its tools, was not eligible, or threw. */
  readonly status: 'added' | 'skipped' | 'failed';
  /** The tools it added. */
  readonly tools: readonly string[];
  /** Why it was skipped or what failed. */
  readonly reason?: string;
  /**
   * What the plugin warned about while creating its tools (through the build context's logger),
   * such as Bash running without its sandbox. Absent when it warned about nothing.
   */
  readonly warnings?: readonly string[];
  /** Milliseconds it took. */
  readonly durationMs: number;
}

/** Two plugins offered the same tool name. */
export interface ToolConflict {
  /** The tool name offered twice. */
  readonly tool: string;
  /** The plugin whose tool was kept. */
  readonly kept: string;
  /** The plugin whose tool was dropped. */
  readonly dropped: string;
}

/** Everything a build reports. */
export interface BuildDiagnostics {
  /** Every plugin, in build order. */
  readonly plugins: readonly PluginDiagnostic[];
  /** Tool names offered twice. */
  readonly conflicts: readonly ToolConflict[];
  /** Milliseconds the whole build took. */
  readonly durationMs: number;
}
