import type { DependencyContainer, ITool, Logger, RiskWarning, ToolRegistry } from '@tinyelf/core';
import { silentLogger } from '@tinyelf/core';
import { McpToolAdapter } from '../adapter/mcp-tool-adapter';
import { checkServerId, McpNameError } from '../adapter/mcp-tool-name';
import { InteractiveAuthorization } from '../oauth/interactive-authorization';
import type { McpClientHandlers } from './client-handlers';
import { isAuthorizationNeeded } from './connection-errors';
import type { McpServerConfig } from './mcp-server-config';
import type { McpOAuthOptions, McpServerOAuthConfig } from './oauth-options';
import { authorizationError, McpServerConnection } from './server-connection';
import { serverLaunchWarnings } from './server-launch-risk';
import { transportFactoryFor } from './transport-factories';

/** Options of an {@link McpService}. */
export interface McpServiceOptions extends McpClientHandlers {
  /** How HTTP and SSE servers that need OAuth are authorized (token files, an interactive user). */
  readonly oauth?: McpOAuthOptions;
  /** Time to connect to each server, everything included. @default 30_000 */
  readonly connectTimeoutMs?: number;
  /** Per call, unless the server entry sets `timeout`. @default 60_000 */
  readonly callTimeoutMs?: number;
  /** Where custom transport factories are registered. */
  readonly container?: DependencyContainer;
  /** Where failures and refreshes are reported. @default silentLogger */
  readonly logger?: Logger;
  /**
   * Asked before a server from a project file is launched (with the exact command in the warnings);
   * without it, such servers are not launched.
   */
  readonly confirmLaunch?: (
    server: McpServerConfig,
    warnings: readonly RiskWarning[],
  ) => Promise<boolean>;
}

/** How one server's start went. */
export interface McpServerStatus {
  /** The server's id. */
  readonly id: string;
  /** Connected; failed (see `error`); disabled in configuration; or refused (a project server without consent, an invalid id). */
  readonly state: 'connected' | 'failed' | 'disabled' | 'refused';
  /** Why it failed or was refused. */
  readonly error?: string;
  /** How many tools it offered. */
  readonly tools: number;
}

/**
 * The user's MCP servers: connects them in parallel (each within a timeout; one failing is
 * reported, the others load), offers their tools as `mcp__<server>__<tool>` adapters, refreshes
 * them in the registries they were attached to when a server announces a changed tool list, and
 * closes every connection (and stdio process) on `dispose()`.
 */
export class McpService {
  private readonly connections = new Map<
    string,
    { connection: McpServerConnection; config: McpServerConfig }
  >();
  private readonly attached = new Set<ToolRegistry>();
  private readonly closing: Promise<void>[] = [];
  private readonly interactive: InteractiveAuthorization[] = [];
  private readonly registered = new Map<string, string[]>();
  private readonly logger: Logger;
  /** Tools and servers refused, with the reason. */
  readonly problems: string[] = [];

  constructor(
    private readonly servers: readonly McpServerConfig[],
    private readonly options: McpServiceOptions = {},
  ) {
    this.logger = options.logger ?? silentLogger;
  }

  /** Connects every enabled server in parallel and reports each one's state. */
  async start(): Promise<McpServerStatus[]> {
    const seen = new Set<string>();
    return Promise.all(
      this.servers.map(async (config): Promise<McpServerStatus> => {
        try {
          checkServerId(config.id);
          if (seen.has(config.id))
            throw new McpNameError(`the server id "${config.id}" is used twice`);
          seen.add(config.id);
        } catch (error) {
          return this.refuse(config, (error as Error).message);
        }
        if (config.enabled === false) return { id: config.id, state: 'disabled', tools: 0 };
        const warnings = serverLaunchWarnings(config);
        if (config.source === 'project' && config.transport === 'stdio') {
          const consent = (await this.options.confirmLaunch?.(config, warnings)) ?? false;
          if (!consent)
            return this.refuse(
              config,
              `it comes from a project file and needs the user's consent to launch (${warnings[0]?.message})`,
            );
        }
        const stderr = { text: '' };
        const connectTimeoutMs = this.options.connectTimeoutMs ?? 30_000;
        const oauth = this.options.oauth;
        const interactive = oauth?.openUrl
          ? new InteractiveAuthorization(
              config.id,
              ((config as { oauth?: unknown }).oauth || {}) as McpServerOAuthConfig,
              { ...oauth, openUrl: oauth.openUrl },
            )
          : undefined;
        if (interactive) this.interactive.push(interactive);
        const connection = new McpServerConnection(
          config.id,
          transportFactoryFor(config, this.options.container, stderr, oauth, interactive),
          {
            authorize: interactive && ((transport) => interactive.complete(transport)),
            onToolsChanged: (changed) => this.refresh(changed.serverId),
            connectTimeoutMs,
            elicit: this.options.elicit,
            sampling: this.options.sampling,
          },
        );
        try {
          await connection.connect(connectTimeoutMs).catch(async (error) => {
            // An interactive host authorizes then and there, and the server is connected again.
            if (!(await connection.authorizeAfter(error))) throw error;
            await connection.connect(connectTimeoutMs);
          });
        } catch (error) {
          // Not awaited: a stdio server is given time to exit, which is not part of the budget.
          this.closing.push(connection.close());
          const detail = stderr.text.trim().split('\n').slice(-2).join(' ');
          const reason = isAuthorizationNeeded(error)
            ? authorizationError(config.id, error).message
            : (error as Error).message;
          const message = `${reason}${detail ? ` (server said: ${detail})` : ''}`;
          this.logger.warn(`MCP server "${config.id}" failed to start: ${message}`);
          return { id: config.id, state: 'failed', error: message, tools: 0 };
        }
        this.connections.set(config.id, { connection, config });
        return { id: config.id, state: 'connected', tools: this.toolsOf(config.id).length };
      }),
    );
  }

  private refuse(config: McpServerConfig, reason: string): McpServerStatus {
    const message = `MCP server ${JSON.stringify(config.id)} refused: ${reason}`;
    this.problems.push(message);
    this.logger.warn(message);
    return { id: config.id, state: 'refused', error: reason, tools: 0 };
  }

  /** The adapters of every connected server. */
  tools(): ITool[] {
    return [...this.connections.keys()].flatMap((id) => this.toolsOf(id));
  }

  /** The adapters of one server, filtered by its include/exclude lists; unusable or colliding names are refused and reported. */
  toolsOf(serverId: string): ITool[] {
    const entry = this.connections.get(serverId);
    if (!entry) return [];
    const { connection, config } = entry;
    const adapters: McpToolAdapter[] = [];
    for (const tool of connection.tools) {
      if (config.includeTools && !config.includeTools.includes(tool.name)) continue;
      if (config.excludeTools?.includes(tool.name)) continue;
      try {
        adapters.push(
          new McpToolAdapter(connection, tool, {
            timeoutMs: config.timeout ?? this.options.callTimeoutMs,
          }),
        );
      } catch (error) {
        this.report(`MCP tool of server "${serverId}" refused: ${(error as Error).message}`);
      }
    }
    const counts = new Map<string, number>();
    for (const adapter of adapters) counts.set(adapter.name, (counts.get(adapter.name) ?? 0) + 1);
    return adapters.filter((adapter) => {
      if ((counts.get(adapter.name) ?? 0) === 1) return true;
      this.report(
        `MCP tool "${adapter.tool.name}" of server "${serverId}" refused: its name ${adapter.name} collides with another tool of the same server after sanitising`,
      );
      return false;
    });
  }

  private report(message: string): void {
    if (this.problems.includes(message)) return;
    this.problems.push(message);
    this.logger.warn(message);
  }

  /**
   * Registers the tools in a registry (a name already there, such as a built-in, is kept and the
   * conflict reported) and keeps them up to date when a server's tool list changes.
   */
  attach(registry: ToolRegistry): void {
    this.attached.add(registry);
    for (const id of this.connections.keys()) this.registerServer(registry, id);
  }

  private registerServer(registry: ToolRegistry, serverId: string): void {
    const names: string[] = [];
    for (const tool of this.toolsOf(serverId)) {
      if (registry.has(tool.name) && !this.registered.get(serverId)?.includes(tool.name)) {
        this.report(`MCP tool ${tool.name} not registered: the name is taken by another tool`);
        continue;
      }
      registry.register(tool, { replace: true });
      names.push(tool.name);
    }
    this.registered.set(serverId, names);
  }

  private refresh(serverId: string): void {
    for (const registry of this.attached) {
      for (const name of this.registered.get(serverId) ?? []) registry.unregister(name);
      this.registered.delete(serverId);
      this.registerServer(registry, serverId);
    }
    this.logger.info(`MCP server "${serverId}" changed its tools; the registries were updated.`);
  }

  /** Closes every connection; stdio server processes end. */
  async dispose(): Promise<void> {
    await Promise.all([
      ...this.interactive.splice(0).map((authorization) => authorization.close()),
      ...[...this.connections.values()].map(({ connection }) => connection.close()),
      ...this.closing.splice(0),
    ]);
    this.connections.clear();
    this.attached.clear();
  }
}

/** Starts the servers and returns their tools, their states, the problems and the service to dispose. */
export async function loadMcpTools(
  servers: readonly McpServerConfig[],
  options: McpServiceOptions = {},
): Promise<{
  /** Every connected server's tools. */
  tools: ITool[];
  /** Each server's state. */
  statuses: McpServerStatus[];
  /** What failed, in words. */
  problems: readonly string[];
  /** The service: dispose it to close the connections. */
  service: McpService;
}> {
  const service = new McpService(servers, options);
  const statuses = await service.start();
  return { tools: service.tools(), statuses, problems: service.problems, service };
}
