import type { TObject } from 'typebox';

/**
 * The JSON Schema of `tinyelf.config.json` (published as `tinyelf.config.schema.json`), built on
 * first use with `typebox` 1.x (the TypeBox core uses): it costs over a hundred milliseconds to
 * load, which a CLI start-up without a configuration file should not pay. `sections` adds the
 * plugins' sections (each plugin's `configKey` and `configSchema`); other top-level keys are left
 * open here, since a build checks them against the plugins it actually loads.
 */
export async function builderConfigSchema(
  sections: Readonly<Record<string, unknown>> = {},
): Promise<TObject> {
  const { Type } = await import('typebox');
  const permissionMode = Type.Union([
    Type.Literal('default'),
    Type.Literal('acceptEdits'),
    Type.Literal('plan'),
    Type.Literal('bypassPermissions'),
  ]);
  const names = Type.Array(Type.String({ minLength: 1 }));
  const toolList = (description: string) =>
    Type.Union(
      [
        names,
        Type.Object(
          { add: Type.Optional(names), remove: Type.Optional(names) },
          { additionalProperties: false },
        ),
      ],
      {
        description: `${description}: a list replaces the default, { add, remove } changes it.`,
      },
    );
  const rules = (description: string) =>
    Type.Array(Type.String({ minLength: 1 }), {
      description: `${description}: Tool, Tool(specifier) (Bash(npm run test:*), Read(./secrets/**), WebFetch(domain:example.com)) or mcp__server__*.`,
    });
  const permissions = Type.Object(
    {
      allow: Type.Optional(rules('Calls that run without asking')),
      ask: Type.Optional(rules('Calls that always ask first')),
      deny: Type.Optional(rules('Calls that are refused')),
    },
    {
      additionalProperties: false,
      description:
        'Permission rules: deny > ask > allow; a risk warning always asks, a block never runs.',
    },
  );
  const commandHooks = Type.Array(
    Type.Object(
      {
        command: Type.String({
          minLength: 1,
          description: 'Run with /bin/sh -c in the workspace.',
        }),
        name: Type.Optional(Type.String({ minLength: 1 })),
        toolNames: Type.Optional(names),
        timeoutMs: Type.Optional(Type.Integer({ minimum: 1 })),
      },
      { additionalProperties: false },
    ),
  );

  return Type.Object(
    {
      $schema: Type.Optional(Type.String()),
      workspaceRoot: Type.Optional(
        Type.String({
          description: 'The workspace root; relative to the config file. Default: its folder.',
        }),
      ),
      plugins: Type.Optional(
        Type.Array(
          Type.Union([
            Type.String({ minLength: 1, description: 'A package name or a path.' }),
            Type.Object(
              {
                package: Type.String({ minLength: 1 }),
                options: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
                required: Type.Optional(Type.Boolean()),
              },
              { additionalProperties: false },
            ),
          ]),
          { description: 'The plugins to load. Default: every installed @tinyelf tool package.' },
        ),
      ),
      policy: Type.Optional(
        Type.Object(
          {
            safeTools: Type.Optional(toolList('Tools that never ask')),
            editTools: Type.Optional(toolList('Tools that do not ask in acceptEdits mode')),
            readOnlyTools: Type.Optional(toolList('Tools plan mode offers besides read-only ones')),
            inheritableToolNames: Type.Optional(names),
            permissions: Type.Optional(permissions),
          },
          { additionalProperties: false },
        ),
      ),
      onConflict: Type.Optional(Type.Union([Type.Literal('keep-first'), Type.Literal('error')])),
      registry: Type.Optional(
        Type.Object(
          {
            maxChars: Type.Optional(Type.Integer({ minimum: 100 })),
            spillDirectory: Type.Optional(Type.Union([Type.String(), Type.Literal(false)])),
            spillMaxAgeMs: Type.Optional(Type.Integer({ minimum: 0 })),
            spillMaxFiles: Type.Optional(Type.Integer({ minimum: 0 })),
            defaultTimeoutMs: Type.Optional(Type.Integer({ minimum: 1 })),
          },
          { additionalProperties: false },
        ),
      ),
      hooks: Type.Optional(
        Type.Object(
          {
            beforeToolCall: Type.Optional(commandHooks),
            afterToolCall: Type.Optional(commandHooks),
          },
          {
            additionalProperties: false,
            description:
              'Commands run around every call: the call as JSON on stdin, a JSON decision on stdout.',
          },
        ),
      ),
      audit: Type.Optional(
        Type.Object(
          {
            file: Type.String({
              minLength: 1,
              description: 'One JSON line per call is appended here; relative to the workspace.',
            }),
          },
          { additionalProperties: false },
        ),
      ),
      ...Object.fromEntries(
        Object.entries(sections).map(([key, schema]) => [key, Type.Optional(schema as TObject)]),
      ),
      agents: Type.Optional(
        Type.Record(
          Type.String(),
          Type.Object(
            {
              allowedTools: Type.Optional(names),
              permissionMode: Type.Optional(permissionMode),
              permissions: Type.Optional(permissions),
            },
            { additionalProperties: false },
          ),
        ),
      ),
    },
    {
      additionalProperties: true,
      title: 'TinyElf configuration',
      description:
        'Besides its own keys, each plugin reads the section named by its configKey (shell, fileSystem, webSearch, webFetch, skills, mcp, sessions, or a third-party plugin’s).',
    },
  );
}
