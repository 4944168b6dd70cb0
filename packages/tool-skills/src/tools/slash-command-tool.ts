import { defineJsonSchemaTool, type ITool, TinyElfError } from '@tinyelf/core';
import type { CommandLoader } from '../commands/command-loader';

/** `slash_command`: expands a command into the prompt to run, with its allowed tools. */
export function createSlashCommandTool(loader: CommandLoader): ITool {
  return defineJsonSchemaTool<{ command: string; args?: string }>({
    name: 'slash_command',
    description:
      'Expands a slash command (a saved prompt in .tinyelf/commands) with its arguments and returns the prompt to follow.',
    parameters: {
      type: 'object',
      properties: {
        command: {
          type: 'string',
          description: 'The command name, with or without the leading /.',
        },
        args: { type: 'string', description: 'The arguments ($ARGUMENTS, $1..$9 in the command).' },
      },
      required: ['command'],
    },
    async execute({ command, args }) {
      const found = loader.find(command);
      if (!found) {
        const available = loader.list().map((candidate) => `/${candidate.name}`);
        throw new TinyElfError({
          code: 'COMMAND_NOT_FOUND',
          message: `There is no command "${command}". ${available.length ? `Available commands: ${available.join(', ')}.` : 'No commands are defined (.tinyelf/commands/*.md).'}`,
        });
      }
      const { prompt } = loader.expand(found, args);
      const tools = found.allowedTools
        ? `\n\nAllowed tools for this command: ${found.allowedTools.join(', ')}. Use only these while you carry it out.`
        : '';
      const model = found.model ? `\nModel requested: ${found.model}.` : '';
      return `Command /${found.name}:\n\n${prompt}${tools}${model}`;
    },
  });
}
