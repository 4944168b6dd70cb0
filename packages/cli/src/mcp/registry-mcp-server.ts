import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type LoggingLevel,
  SetLevelRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type {
  JsonSchemaType,
  jsonSchemaValidator,
} from '@modelcontextprotocol/sdk/validation/types.js';
import type { BuiltRegistry } from '@tinyelf/builder';
import { Tokens, type ToolProgress } from '@tinyelf/core';
import { RISK_CONFIRMED_META } from '@tinyelf/tool-remote';
import { CommandLoader, SkillsLoader, type SkillsOptions } from '@tinyelf/tool-skills';
import { VERSION } from '../version';
import { serveCommandPrompts } from './command-prompts';
import { McpLogLevels } from './log-level';
import { progressNotifier } from './progress-notifier';
import { ProtocolErrorCode, protocolError } from './protocol-error';
import { installRemoteToolExtensions } from './remote-tool-extensions';
import { resultContent } from './result-content';
import { runToolCall } from './run-tool-call';
import { serveSkillResources } from './skill-resources';

/** What every MCP server over one registry shares: the skills and commands, the log level, the call count. */
export interface RegistryMcpState {
  readonly built: BuiltRegistry;
  /** The registry's skills, when it offers `read_skill`. */
  readonly skills: SkillsLoader | undefined;
  /** The registry's slash commands, when it offers `slash_command`. */
  readonly commands: CommandLoader | undefined;
  /** The levels clients set with `logging/setLevel`. */
  readonly logLevels: McpLogLevels;
  /** Calls so far, for their ids. */
  calls: number;
  /**
   * The JSON Schema validator every server shares (the SDK's default builds a new Ajv for each
   * server, which over HTTP is each request); made on first use (elicitation).
   */
  readonly jsonSchemaValidator: jsonSchemaValidator;
  /** Calls with risk warnings run without asking the client's user (`--approve-risky`). */
  readonly approveRisky: boolean;
}

/** An Ajv validator made on first use and shared. */
function sharedJsonSchemaValidator(): jsonSchemaValidator {
  let ajv: AjvJsonSchemaValidator | undefined;
  return {
    getValidator<T>(schema: JsonSchemaType) {
      ajv ??= new AjvJsonSchemaValidator();
      return ajv.getValidator<T>(schema);
    },
  };
}

/** The shared state of the MCP servers over a built registry. */
export function registryMcpState(
  built: BuiltRegistry,
  options: { readonly approveRisky?: boolean } = {},
): RegistryMcpState {
  const config = built.container.resolve<Record<string, unknown>>(Tokens.BuildConfig);
  const workspaceRoot = built.container.resolve<string>(Tokens.WorkspaceRoot);
  const skillsOptions = (config.skills ?? {}) as SkillsOptions;
  return {
    built,
    skills: built.registry.has('read_skill')
      ? new SkillsLoader({ workspaceRoot, ...skillsOptions })
      : undefined,
    commands: built.registry.has('slash_command')
      ? new CommandLoader({ workspaceRoot, homeDir: skillsOptions.homeDir })
      : undefined,
    logLevels: new McpLogLevels(),
    calls: 0,
    jsonSchemaValidator: sharedJsonSchemaValidator(),
    approveRisky: options.approveRisky === true,
  };
}

/** Tools that reach outside the workspace (the web, other MCP servers). */
const openWorld = (name: string) =>
  name === 'WebFetch' || name === 'WebSearch' || name.startsWith('mcp__');

/** The tools, annotated from the policy. */
function listTools(built: BuiltRegistry) {
  return built.registry.getDefinitions().map(({ function: definition }) => {
    const readOnly = built.policy.isReadOnly(
      built.registry.get(definition.name) ?? definition.name,
    );
    return {
      name: definition.name,
      description: definition.description,
      inputSchema: definition.parameters as { type: 'object' },
      annotations: {
        readOnlyHint: readOnly,
        destructiveHint: !readOnly && !built.policy.isSafe(definition.name),
        openWorldHint: openWorld(definition.name),
      },
    };
  });
}

/**
 * An MCP server over a composed registry: its tools (an unknown name is the protocol error
 * -32602; results as text, image and audio blocks), progress as `notifications/progress` with the
 * tool's own counts when the client sent a `progressToken`, log
 * messages after `logging/setLevel` (per client: `client` is its HTTP session id; without it, the
 * `mcp-session-id` header of each request, so one server can serve every client), the skills as
 * resources and the slash commands as prompts.
 */
export function registryMcpServer(state: RegistryMcpState, client?: string): Server {
  const { built } = state;
  const server = new Server(
    { name: 'tinyelf', version: VERSION },
    {
      capabilities: {
        tools: {},
        logging: {},
        ...(state.skills ? { resources: {} } : {}),
        ...(state.commands ? { prompts: {} } : {}),
      },
      jsonSchemaValidator: state.jsonSchemaValidator,
    },
  );
  installRemoteToolExtensions(server, built);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listTools(built) }));
  const clientOf = (extra: { requestInfo?: { headers: Record<string, unknown> } }) => {
    const header = extra.requestInfo?.headers['mcp-session-id'];
    return client ?? (typeof header === 'string' ? header : '');
  };
  server.setRequestHandler(SetLevelRequestSchema, async (request, extra) => {
    state.logLevels.set(clientOf(extra), request.params.level);
    return {};
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name } = request.params;
    const caller = clientOf(extra);
    if (!built.registry.has(name))
      throw protocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown tool "${name}". Available tools: ${built.registry.getNames().join(', ')}.`,
      );
    const log = (level: LoggingLevel, data: string) => {
      if (state.logLevels.allows(caller, level))
        void extra
          .sendNotification({
            method: 'notifications/message',
            params: { level, logger: name, data },
          })
          .catch(() => undefined);
    };
    const progressToken = request.params._meta?.progressToken;
    const notify = progressNotifier((params) => {
      void extra
        .sendNotification({
          method: 'notifications/progress',
          params: { progressToken: progressToken!, ...params },
        })
        .catch(() => undefined);
    });
    const onProgress = (message: string, progress?: ToolProgress) => {
      log('info', message);
      if (progressToken !== undefined) notify(message, progress);
    };
    log('debug', `${name} started.`);
    const elicit = server.getClientCapabilities()?.elicitation
      ? async (message: string) => {
          const answer = await server.elicitInput(
            {
              message,
              requestedSchema: {
                type: 'object',
                properties: { approve: { type: 'boolean', title: 'Run this call' } },
                required: ['approve'],
              },
            },
            { signal: extra.signal },
          );
          return answer.action === 'accept' && answer.content?.approve === true;
        }
      : undefined;
    const result = await runToolCall(built, name, request.params.arguments ?? {}, {
      toolCallId: `mcp-${++state.calls}`,
      signal: extra.signal,
      onProgress,
      elicit,
      approveRisky: state.approveRisky,
      riskConfirmedByClient: request.params._meta?.[RISK_CONFIRMED_META] === true,
    });
    log(result.isError ? 'error' : 'debug', `${name} ${result.isError ? 'failed' : 'finished'}.`);
    return {
      content: resultContent(result),
      isError: result.isError,
      ...(result.errorCode && { _meta: { 'tinyelf/errorCode': result.errorCode } }),
    };
  });
  if (state.skills) serveSkillResources(server, state.skills);
  if (state.commands) serveCommandPrompts(server, state.commands);
  return server;
}
