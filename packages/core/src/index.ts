export type { AgentRunner, AgentRunRequest, AgentRunResult } from './agent/agent-runner';
export type {
  ChatMessage,
  ModelClient,
  ModelRequest,
  ModelResponse,
  ToolCallRequest,
} from './agent/model-client';
export type { SessionRecord, SessionStatus, SessionStore } from './agent/session-store';
export { type Token, Tokens } from './di/tokens';
export type { DependencyContainer, InjectionToken } from './di/tsyringe';
export {
  createContainer,
  delay,
  inject,
  injectAll,
  injectable,
  instanceCachingFactory,
  Lifecycle,
  registry,
  scoped,
  singleton,
} from './di/tsyringe';
export { DuplicateToolError } from './errors/duplicate-tool-error';
export { InvalidToolInputError } from './errors/invalid-tool-input-error';
export { PathOutsideWorkspaceError } from './errors/path-outside-workspace-error';
export { PermissionDeniedError } from './errors/permission-denied-error';
export { PluginRegistrationError } from './errors/plugin-registration-error';
export { TinyElfError, type TinyElfErrorCode } from './errors/tinyelf-error';
export { describeThrown, toTinyElfError } from './errors/to-tinyelf-error';
export { ToolAbortedError } from './errors/tool-aborted-error';
export { ToolExecutionError } from './errors/tool-execution-error';
export { ToolNotFoundError } from './errors/tool-not-found-error';
export { ToolTimeoutError } from './errors/tool-timeout-error';
export {
  type CommandHookConfig,
  type CommandHookOptions,
  type CommandHooksConfig,
  createCommandHooks,
} from './hooks/command-hook';
export { createConsoleLogger, type Logger, silentLogger } from './logger/logger';
export type { BackgroundModel } from './model/background-model';
export {
  type ConnectFunction,
  fetchGuarded,
  type GuardedFetchOptions,
  type GuardedResponse,
} from './network/guarded-fetch';
export { canonicalHost, parseIpv4 } from './network/host-spelling';
export { type AddressCategory, categorizeAddress } from './network/ip-address';
export {
  classifyHost,
  describeNonPublicHost,
  type HostCategory,
  type NonPublicHost,
  nonPublicHostWarning,
} from './network/non-public-host';
export { pinnedLookup } from './network/pinned-lookup';
export {
  type CheckedUrl,
  checkUrl,
  type LookupFunction,
  type UrlGuardOptions,
  urlBlockedMessage,
} from './network/url-guard';
export type {
  ConfirmationAnswer,
  ConfirmationRequest,
  ConfirmCall,
} from './permissions/confirmation';
export { type PermissionRequest, specifierContext } from './permissions/decide-permission';
export type { PermissionBehavior, PermissionDecision } from './permissions/permission-decision';
export {
  PERMISSION_RULE_FORMS,
  type PermissionRule,
  parsePermissionRule,
} from './permissions/permission-rule';
export {
  type PermissionRuleProblemsOptions,
  permissionRuleProblems,
} from './permissions/permission-rule-problems';
export { type MatchedRule, PermissionRuleSet } from './permissions/permission-rule-set';
export type { PermissionRulesConfig } from './permissions/permission-rules-config';
export { type SuggestionContext, suggestAllowRules } from './permissions/suggest-allow-rules';
export {
  type AfterToolCallDecision,
  type BeforeToolCallDecision,
  DEFAULT_HOOK_TIMEOUT_MS,
  type HookedCall,
  type ToolCallHook,
} from './permissions/tool-call-hook';
export type {
  PermissionRuleKind,
  SpecifierContext,
  ToolPermissionSpecifiers,
} from './permissions/tool-permission-specifiers';
export { BUILD_STEP_ORDER, BuildStep, buildStepName } from './plugin/build-step';
export { isPluginApiCompatible, PLUGIN_API_VERSION } from './plugin/plugin-api-version';
export { registerToolPlugin } from './plugin/register-tool-plugin';
export {
  type AgentSettings,
  assertToolPlugin,
  type EligibilityReading,
  type PluginEligibility,
  pluginsOfModule,
  readEligibility,
  type ToolBuildContext,
  type ToolPlugin,
  type ToolPluginModule,
  toolPluginProblems,
} from './plugin/tool-plugin';
export {
  PERMISSION_MODES,
  type PermissionMode,
  restrictPermissionMode,
} from './policy/permission-mode';
export type { ToolListChange, ToolListSetting } from './policy/tool-list-change';
export {
  DEFAULT_EDIT_TOOLS,
  DEFAULT_INHERITABLE_TOOL_NAMES,
  DEFAULT_INHERITABLE_TOOL_PREFIXES,
  DEFAULT_READ_ONLY_TOOLS,
  DEFAULT_SAFE_TOOLS,
  ToolPolicy,
  type ToolPolicyConfig,
} from './policy/tool-policy';
export { NEVER_ABORTED_SIGNAL } from './registry/bounded-call';
export {
  type AuditEntry,
  type AuditLogOptions,
  redactedParams,
} from './registry/call-audit';
export { type CallDecision, type DecisionInput, decideCall } from './registry/call-decision';
export { findClosestName } from './registry/closest-name';
export { type CutReport, markCut, type SavedOutput } from './registry/cut-mark';
export {
  type AnthropicToolDefinition,
  type DefinitionByFormat,
  type DefinitionFormat,
  type GeminiFunctionDeclaration,
  type OpenAIToolDefinition,
  toDefinition,
} from './registry/definition-formats';
export {
  type GeminiFunctionResponsePart,
  type GeminiInlineData,
  type GeminiInlineDataPart,
  type GeminiResultOptions,
  type GeminiResultPart,
  toGeminiFunctionResponse,
} from './registry/gemini-result-format';
export {
  type OpenAIMediaFollowUpMessage,
  type OpenAIResultMessage,
  type OpenAIToolMessage,
  type OpenAIUserContentPart,
  toOpenAIToolMessages,
} from './registry/openai-result-format';
export {
  type AnthropicToolResultBlock,
  type AnthropicToolResultContent,
  toAnthropicToolResult,
} from './registry/result-formats';
export {
  type FormattableToolResult,
  type MediaPart,
  type ResultFormatOptions,
  resultPieces,
  sendablePieces,
} from './registry/result-pieces';
export { ERROR_RETRY_HINT, type ToolCallResult } from './registry/tool-call-result';
export {
  DEFAULT_MAX_CHARS,
  type RegisterOptions,
  type ToolDecideOptions,
  type ToolExecuteOptions,
  ToolRegistry,
  type ToolRegistryOptions,
} from './registry/tool-registry';
export { jsonSchemaProblems } from './schema/json-schema-problems';
export { resolveLocalRefs } from './schema/resolve-refs';
export { codeRunningVariableWarning } from './security/code-running-environment';
export { CODE_RUNNING_FILES } from './security/code-running-files';
export { codeRunningGitConfigWarning } from './security/code-running-git-config';
export {
  compilePathPattern,
  matchPathPattern,
  type PathPattern,
  type PatternMatch,
  pathSegments,
} from './security/path-pattern';
export { redactSecrets } from './security/redact-secrets';
export { REPOSITORY_CODE_FILES } from './security/repository-code-files';
export { SECRET_FILES } from './security/secret-files';
export {
  codeRunningFileWarning,
  fixedSensitivePaths,
  homeSecretPaths,
  sandboxReadOnlyPaths,
  secretFileWarning,
  systemSecretPaths,
} from './security/sensitive-file-warnings';
export {
  matchSensitivePath,
  type SensitivePathEntry,
  type SensitivePathKind,
  type SensitivePathMatch,
} from './security/sensitive-path-entry';
export { USER_CODE_FILES } from './security/user-code-files';
export {
  type SpanAttributes,
  withTelemetrySpan,
} from './telemetry/with-telemetry-span';
export { BYTES_PROGRESS_INTERVAL_MS, bytesProgressReporter } from './tool/bytes-progress';
export {
  type DefinedTool,
  defineJsonSchemaTool,
  defineTool,
  type JsonSchemaToolDefinition,
  type ToolDefinition,
} from './tool/define-tool';
export {
  type ITool,
  type JsonSchema,
  type OutputKeep,
  type RiskWarning,
  TOOL_NAME_PATTERN,
  type ToolConfirmation,
  type ToolContext,
} from './tool/tool';
export {
  describeContentPart,
  isRichToolOutput,
  type MediaContentPart,
  type RichToolOutput,
  type SpillFile,
  type TextContentPart,
  type ToolContentPart,
  type ToolOutput,
  type ToolOutputLimit,
  type ToolProgress,
} from './tool/tool-output';
export type {
  LegacyTypeBoxStatic,
  ParametersOf,
  ToolParametersSchema,
  TypeBoxKind,
} from './tool/tool-parameters';
export { VERSION } from './version';
export { OpenedFolder, type OpenedObject, openAndLocate } from './workspace/opened-folder';
export {
  type GuardedPath,
  isWithin,
  type OpenedPath,
  realLocation,
  WorkspaceGuard,
  type WorkspaceGuardOptions,
} from './workspace/workspace-guard';
