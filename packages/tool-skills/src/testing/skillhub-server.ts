import { createHash } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ConnectFunction, LookupFunction } from '@tinyelf/core';
import type { SkillHubClientOptions } from '../skillhub/skillhub-client';

/** The host name the test registry is reached by; it resolves to a public documentation-free address. */
export const TEST_HUB_HOST = 'skills.example';

/**
 * A SkillHub registry served by a real HTTP server on 127.0.0.1: an index and archives. Clients
 * reach it as `http://skills.example/` through the real URL guard: the test lookup resolves
 * `skills.example` (and `cdn.example`) to a public address and `internal.example` to a private
 * one, and the connect seam sends checked connections to the server, so loopback, private and
 * metadata URLs are still refused as in production.
 */
export interface TestSkillHub {
  readonly indexUrl: string;
  /** What a SkillHubClient needs to reach this registry through the guard. */
  readonly clientOptions: SkillHubClientOptions;
  /** Adds a skill: its archive is served and listed with its real SHA-256 and size (or the given overrides). */
  add(skill: {
    id: string;
    archive: Buffer;
    format: 'zip' | 'tar.gz';
    description?: string;
    sha256?: string;
    size?: number;
    body?: Buffer;
    /** The archive URL the index gives (absolute, or relative to the index). @default its path here */
    url?: string;
    /** Send the archive in three pieces 150 ms apart (with its length), as a slow download. */
    slow?: boolean;
  }): void;
  /** The host names connections were opened for (after the guard accepted them). */
  readonly connections: readonly string[];
  /** Answers `path` with a redirect to `location`. */
  redirect(path: string, location: string): void;
  close(): Promise<void>;
}

const addresses: Record<string, string> = {
  'skills.example': '93.184.215.14',
  'cdn.example': '93.184.215.15',
  'internal.example': '10.0.0.7',
};

/** A lookup answering from the test table (and failing for other names). */
export const testLookup = ((
  hostname: string,
  _options: unknown,
  callback: (error: NodeJS.ErrnoException | null, found: LookupAddress[]) => void,
) => {
  const address = addresses[hostname.toLowerCase()];
  if (!address)
    callback(
      Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
      [],
    );
  else callback(null, [{ address, family: 4 }]);
}) as unknown as LookupFunction;

/** Starts a test SkillHub. */
export async function startSkillHub(): Promise<TestSkillHub> {
  const skills: Record<string, unknown>[] = [];
  const archives = new Map<string, Buffer>();
  const slow = new Set<string>();
  const redirects = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '';
    const location = redirects.get(path);
    if (location) {
      response.writeHead(302, { location });
      response.end();
      return;
    }
    if (path === '/index.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ skills }));
      return;
    }
    const archive = archives.get(path);
    if (archive && slow.has(path)) {
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': archive.length,
      });
      const third = Math.ceil(archive.length / 3);
      response.write(archive.subarray(0, third));
      setTimeout(() => response.write(archive.subarray(third, 2 * third)), 150);
      setTimeout(() => response.end(archive.subarray(2 * third)), 300);
      return;
    }
    response.writeHead(archive ? 200 : 404, { 'content-type': 'application/octet-stream' });
    response.end(archive ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const connections: string[] = [];
  const connect: ConnectFunction = (target) => {
    connections.push(target.hostname);
    return { address: '127.0.0.1', port, protocol: 'http:' };
  };
  const indexUrl = `http://${TEST_HUB_HOST}/index.json`;
  return {
    indexUrl,
    clientOptions: { registryUrl: indexUrl, guard: { lookup: testLookup }, connect },
    connections,
    add(skill) {
      const path = `/archives/${skill.id}.${skill.format}`;
      archives.set(path, skill.body ?? skill.archive);
      if (skill.slow) slow.add(path);
      skills.push({
        id: skill.id,
        name: skill.id,
        description: skill.description ?? `The ${skill.id} skill`,
        version: '1.0.0',
        archive: skill.url ?? path.slice(1),
        sha256: skill.sha256 ?? createHash('sha256').update(skill.archive).digest('hex'),
        size: skill.size ?? skill.archive.length,
        format: skill.format,
      });
    },
    redirect: (path, location) => redirects.set(path, location),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
