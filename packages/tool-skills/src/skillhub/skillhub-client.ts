import { createHash } from 'node:crypto';
import { TinyElfError } from '@tinyelf/core';

/** One skill in a SkillHub index. */
export interface SkillHubEntry {
  /** The skill's id in the registry (what skillhub_install takes). */
  readonly id: string;
  /** Its name. */
  readonly name: string;
  /** What it is for. */
  readonly description: string;
  /** Its version. */
  readonly version: string;
  /** The archive's URL, absolute or relative to the index. */
  readonly archive: string;
  /** The archive's SHA-256, hex. */
  readonly sha256: string;
  /** The archive's size in bytes. */
  readonly size: number;
  /** `tar.gz` or `zip`; from the archive URL's extension when absent. */
  readonly format?: 'tar.gz' | 'zip';
}

/** Options of a {@link SkillHubClient}. */
export interface SkillHubClientOptions {
  /** The index URL (`https://skills.example/index.json`). */
  readonly registryUrl: string;
  /** The largest archive downloaded. @default 20 MB */
  readonly maxArchiveBytes?: number;
  /** The HTTP transport. @default globalThis.fetch */
  readonly fetch?: typeof fetch;
  /** Per request. @default 30_000 */
  readonly timeoutMs?: number;
  /** Reports download progress (bytes so far, bytes expected). */
  readonly onProgress?: (received: number, total: number) => void;
}

/**
 * Reads a SkillHub registry: a static JSON index (`{ "skills": [SkillHubEntry, ...] }`) and the
 * archives it points to, hosted on any web server.
 */
export class SkillHubClient {
  constructor(private readonly options: SkillHubClientOptions) {}

  /** Every skill the index lists (entries missing required fields are left out). */
  async index(signal?: AbortSignal): Promise<SkillHubEntry[]> {
    const response = await this.request(this.options.registryUrl, signal);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new TinyElfError({
        code: 'SKILLHUB_FAILED',
        message: `The SkillHub index at ${this.options.registryUrl} is not JSON.`,
      });
    }
    const skills = (body as { skills?: unknown })?.skills;
    if (!Array.isArray(skills))
      throw new TinyElfError({
        code: 'SKILLHUB_FAILED',
        message: `The SkillHub index at ${this.options.registryUrl} has no "skills" list.`,
      });
    return skills.filter(isEntry);
  }

  /** Skills whose id, name or description contains every word of the query (case-insensitive). */
  async search(query: string, signal?: AbortSignal): Promise<SkillHubEntry[]> {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return (await this.index(signal)).filter((entry) => {
      const text = `${entry.id} ${entry.name} ${entry.description}`.toLowerCase();
      return words.every((word) => text.includes(word));
    });
  }

  /** Downloads an entry's archive, capped, and checks its size and SHA-256 against the index. */
  async download(
    entry: SkillHubEntry,
    signal?: AbortSignal,
  ): Promise<{
    /** The archive's bytes, checked against the registry's SHA-256. */
    archive: Buffer;
    /** Its format: the entry's `format`, or from the URL (`.zip`, otherwise tar.gz). */
    format: 'tar.gz' | 'zip';
  }> {
    const cap = Math.min(entry.size, this.options.maxArchiveBytes ?? 20 * 1024 * 1024);
    if (entry.size > (this.options.maxArchiveBytes ?? 20 * 1024 * 1024)) {
      throw new TinyElfError({
        code: 'SKILL_INSTALL_REFUSED',
        message: `The skill ${entry.id} is ${entry.size} bytes, more than the ${this.options.maxArchiveBytes ?? 20 * 1024 * 1024} allowed.`,
      });
    }
    const url = new URL(entry.archive, this.options.registryUrl).href;
    const response = await this.request(url, signal);
    const chunks: Buffer[] = [];
    let received = 0;
    const reader = response.body?.getReader();
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.length;
      if (received > cap) {
        await reader.cancel();
        throw new TinyElfError({
          code: 'SKILL_INSTALL_REFUSED',
          message: `The archive of ${entry.id} is larger than the ${entry.size} bytes the index states; the download was stopped.`,
        });
      }
      chunks.push(Buffer.from(value));
      this.options.onProgress?.(received, entry.size);
    }
    const archive = Buffer.concat(chunks);
    const digest = createHash('sha256').update(archive).digest('hex');
    if (digest !== entry.sha256.toLowerCase()) {
      throw new TinyElfError({
        code: 'SKILL_INSTALL_REFUSED',
        message: `The archive of ${entry.id} does not match the index (sha256 ${digest}, expected ${entry.sha256}); it was not installed.`,
      });
    }
    const format = entry.format ?? (/\.zip($|\?)/i.test(entry.archive) ? 'zip' : 'tar.gz');
    return { archive, format };
  }

  private async request(url: string, signal?: AbortSignal): Promise<Response> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 30_000);
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(url, {
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      throw new TinyElfError({
        code: 'SKILLHUB_FAILED',
        message: `SkillHub could not be reached at ${url} (${(error as Error).message}).`,
        cause: error,
      });
    }
    if (!response.ok)
      throw new TinyElfError({
        code: 'SKILLHUB_FAILED',
        message: `SkillHub answered HTTP ${response.status} for ${url}.`,
      });
    return response;
  }
}

function isEntry(value: unknown): value is SkillHubEntry {
  const entry = value as Record<string, unknown>;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    ['id', 'name', 'description', 'version', 'archive', 'sha256'].every(
      (key) => typeof entry[key] === 'string',
    ) &&
    typeof entry.size === 'number'
  );
}
