import { readFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { defineJsonSchemaTool, type ITool, TinyElfError } from '@tinyelf/core';
import type { SkillsLoader } from '../skills/skills-loader';

/** `list_skills`: every skill's name, description and source. */
export function createListSkillsTool(loader: SkillsLoader): ITool {
  return defineJsonSchemaTool<Record<string, never>>({
    name: 'list_skills',
    description:
      'Lists the skills available: instructions and files for particular tasks. Read one with read_skill before using it.',
    parameters: { type: 'object', properties: {} },
    readOnly: true,
    async execute() {
      const { skills } = loader.scan();
      if (skills.length === 0) return 'No skills are installed.';
      return skills
        .map((skill) => `- ${skill.name} (${skill.source}): ${skill.description}`)
        .join('\n');
    },
  });
}

/** `read_skill`: a skill's SKILL.md and the list of its other files. */
export function createReadSkillTool(loader: SkillsLoader, workspaceRoot: string): ITool {
  return defineJsonSchemaTool<{ name: string }>({
    name: 'read_skill',
    description:
      'Reads a skill: its SKILL.md instructions and the paths of its other files (which Read can open).',
    parameters: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'The skill name, as list_skills shows it.' },
      },
      required: ['name'],
    },
    readOnly: true,
    async execute({ name }) {
      const { skills } = loader.scan();
      const skill = skills.find((candidate) => candidate.name === name);
      if (!skill) {
        const available = skills.map((candidate) => candidate.name);
        throw new TinyElfError({
          code: 'SKILL_NOT_FOUND',
          message: `There is no skill named "${name}". ${available.length ? `Available skills: ${available.join(', ')}.` : 'No skills are installed.'}`,
        });
      }
      const files = loader.filesOf(skill).map((file) => {
        const path = join(skill.folder, file);
        const inside = relative(workspaceRoot, path);
        return inside.startsWith('..') || isAbsolute(inside) ? path : inside;
      });
      const list = files.length
        ? `\n\nOther files of this skill:\n${files.map((file) => `- ${file}`).join('\n')}`
        : '';
      return `Skill ${skill.name} (${skill.source}, ${skill.folder}):\n\n${readFileSync(skill.file, 'utf8').trim()}${list}`;
    },
  });
}
