import { stat } from 'node:fs/promises';
import { isAbsolute, sep } from 'node:path';
import { defineJsonSchemaTool, TinyElfError } from '@tinyelf/core';
import { writeFileAtomically } from '../atomic-write';
import { formatBytes } from '../binary-detection';
import { withFileLock } from '../file-locks';
import { hashContent } from '../file-state-tracker';
import type { FileSystemServices } from '../file-system-services';
import { hardLinkWriteWarnings } from '../hard-link-identity';
import { protectedPathWarnings } from '../protected-paths';
import { describeNonRegular } from './file-checks';

/** The tool's parameters (plain JSON Schema: no TypeBox to load when the registry is built). */
interface WriteParams {
  readonly path: string;
  readonly content: string;
}

const parameters = {
  type: 'object',
  properties: {
    path: {
      type: 'string',
      description: 'The file to create or overwrite, relative to the workspace or absolute.',
    },
    content: { type: 'string', description: 'The complete new content of the file.' },
  },
  required: ['path', 'content'],
};

/** The Write tool: creates or overwrites a file atomically. */
export function createWriteTool(services: FileSystemServices) {
  const { guard, tracker } = services;
  return defineJsonSchemaTool<WriteParams>({
    name: 'Write',
    description:
      'Creates a file or overwrites it with the given content, creating parent folders. The write is atomic: the file is never left half-written. To change part of an existing file, prefer Edit.',
    parameters,
    assessRisk: ({ path }) => writeWarnings(services, path),
    async execute({ path, content }) {
      const { real } = guard.resolveForWrite(path);
      return withFileLock(real, () => write(real, path, content));
    },
  });

  /** Writes `content` to the resolved file `real` (`path` as the model gave it, for messages). */
  async function write(real: string, path: string, content: string): Promise<string> {
    const previous = await stat(real).catch(() => undefined);
    if (previous?.isDirectory())
      throw new TinyElfError({
        code: 'IS_A_DIRECTORY',
        message: `"${path}" is a folder; give a file path to write.`,
      });
    if (previous && !previous.isFile()) {
      throw new TinyElfError({
        code: 'NOT_A_FILE',
        message: `"${path}" is ${describeNonRegular(previous)}; only regular files can be written.`,
      });
    }
    const bytes = Buffer.from(content, 'utf8');
    const { created } = await writeFileAtomically(real, bytes, (candidate) =>
      guard.isAllowed(candidate),
    );
    const written = await stat(real);
    tracker.record(real, {
      hash: hashContent(bytes),
      size: written.size,
      modifiedMs: written.mtimeMs,
    });
    const lines =
      content === '' ? 0 : content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
    return `${created ? 'Created' : 'Overwrote'} ${guard.display(real)}: ${lines} line${lines === 1 ? '' : 's'}, ${formatBytes(bytes.length)}.`;
  }
}

/**
 * The risk warnings of writing a path: the path as given and where it really leads (symbolic
 * links followed) are both checked; a real location outside the workspace is checked as an
 * absolute path, so `/etc/cron.d/x` and `~/.ssh/authorized_keys` are recognised too.
 */
export function writeWarnings(services: FileSystemServices, path: string) {
  const given = isAbsolute(path) ? [] : [path];
  try {
    const target = services.guard.resolve(path);
    const outside = target.relative === '..' || target.relative.startsWith(`..${sep}`);
    const byName = protectedPathWarnings([...given, outside ? target.real : target.relative]);
    if (byName.length || !target.exists) return byName;
    // The file's other names (a hard link to `.git/config`) are judged too.
    return hardLinkWriteWarnings(services.guard.root, target.real, path, protectedPathWarnings);
  } catch {
    return protectedPathWarnings(isAbsolute(path) ? [path] : given);
  }
}
