import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A SkillHub registry served by a real HTTP server on 127.0.0.1: an index and archives. */
export interface TestSkillHub {
  readonly indexUrl: string;
  /** Adds a skill: its archive is served and listed with its real SHA-256 and size (or the given overrides). */
  add(skill: {
    id: string;
    archive: Buffer;
    format: 'zip' | 'tar.gz';
    description?: string;
    sha256?: string;
    size?: number;
    body?: Buffer;
  }): void;
  close(): Promise<void>;
}

/** Starts a test SkillHub. */
export async function startSkillHub(): Promise<TestSkillHub> {
  const skills: Record<string, unknown>[] = [];
  const archives = new Map<string, Buffer>();
  const server: Server = createServer((request, response) => {
    if (request.url === '/index.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ skills }));
      return;
    }
    const archive = archives.get(request.url ?? '');
    response.writeHead(archive ? 200 : 404, { 'content-type': 'application/octet-stream' });
    response.end(archive ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    indexUrl: `${base}/index.json`,
    add(skill) {
      const path = `/archives/${skill.id}.${skill.format}`;
      archives.set(path, skill.body ?? skill.archive);
      skills.push({
        id: skill.id,
        name: skill.id,
        description: skill.description ?? `The ${skill.id} skill`,
        version: '1.0.0',
        archive: path.slice(1),
        sha256: skill.sha256 ?? createHash('sha256').update(skill.archive).digest('hex'),
        size: skill.size ?? skill.archive.length,
        format: skill.format,
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
