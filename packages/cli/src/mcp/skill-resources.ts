import { readFileSync } from 'node:fs';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { SkillsLoader } from '@tinyelf/tool-skills';
import { ProtocolErrorCode, protocolError } from './protocol-error';

/** The URI of a skill's `SKILL.md` as an MCP resource. */
export function skillUri(name: string): string {
  return `skill://${name}`;
}

/**
 * Offers the registry's skills as MCP resources: `resources/list` gives one `skill://<name>` per
 * skill (its description, Markdown), `resources/read` its `SKILL.md`. The skills are read again
 * on every request, as `list_skills` does.
 */
export function serveSkillResources(server: Server, skills: SkillsLoader): void {
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: skills.scan().skills.map((skill) => ({
      uri: skillUri(skill.name),
      name: skill.name,
      title: `Skill ${skill.name}`,
      description: skill.description,
      mimeType: 'text/markdown',
    })),
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [
      {
        uriTemplate: 'skill://{name}',
        name: 'skill',
        description: "A skill's SKILL.md instructions, by the skill's name.",
        mimeType: 'text/markdown',
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    const name = /^skill:\/\/([^/?#]+)$/.exec(uri)?.[1];
    const skill = name === undefined ? undefined : skills.find(name);
    if (!skill)
      throw protocolError(
        ProtocolErrorCode.ResourceNotFound,
        `There is no resource ${uri}: this server offers skill://<name> for the skills resources/list shows.`,
        { uri },
      );
    return {
      contents: [{ uri, mimeType: 'text/markdown', text: readFileSync(skill.file, 'utf8') }],
    };
  });
}
