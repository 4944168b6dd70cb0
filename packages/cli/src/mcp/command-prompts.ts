import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { CommandLoader } from '@tinyelf/tool-skills';
import { ProtocolErrorCode, protocolError } from './protocol-error';

/**
 * Offers the registry's slash commands as MCP prompts: `prompts/list` gives each command with one
 * optional `arguments` argument (its `argument-hint`), `prompts/get` the command's prompt with the
 * arguments filled in (`$ARGUMENTS`, `$1`..`$9`), as a user message.
 */
export function serveCommandPrompts(server: Server, commands: CommandLoader): void {
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: commands.list().map((command) => ({
      name: command.name,
      description: command.description,
      arguments: [
        {
          name: 'arguments',
          description: command.argumentHint
            ? `The command's arguments: ${command.argumentHint}`
            : "The command's arguments, as typed after /name.",
          required: false,
        },
      ],
    })),
  }));
  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    const command = commands.find(request.params.name);
    if (!command) {
      const available = commands.list().map((candidate) => candidate.name);
      throw protocolError(
        ProtocolErrorCode.InvalidParams,
        `There is no prompt "${request.params.name}". ${available.length ? `Available prompts: ${available.join(', ')}.` : 'No slash commands are installed.'}`,
      );
    }
    const { prompt } = commands.expand(command, request.params.arguments?.arguments ?? '');
    return {
      description: command.description,
      messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
    };
  });
}
