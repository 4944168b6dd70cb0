import { createHash } from 'node:crypto';
import {
  type ConnectFunction,
  fetchGuarded,
  type GuardedResponse,
  TinyElfError,
  type UrlGuardOptions,
} from '@tinyelf/core';

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
  /**
   * How every request is checked, the index, the archive and each redirect, by core's URL guard
   * (the one WebFetch uses): loopback, private, link-local and metadata addresses are refused
   * unless allowed here (`allowPrivateNetwork`, `allowedHosts`, for an intranet registry).
   * @default {} (public addresses only)
   */
  readonly guard?: UrlGuardOptions;
  /** Where a checked address is connected to (a test seam). @default the checked address */
  readonly connect?: ConnectFunction;
  /** Per request, redirects included. @default 30_000 */
  readonly timeoutMs?: number;
  /** Reports every download as its bytes arrive (bytes received, bytes the index states). */
  readonly onProgress?: (received: number, total: number) => void;
}

/** The largest index read. */
const maxIndexBytes = 5 * 1024 * 1024;

/**
 * Reads a SkillHub registry: a static JSON index (`{ "skills": [SkillHubEntry, ...] }`) and the
 * archives it points to, hosted on any web server. Every request goes through core's guarded
 * fetch: each hop's address checked, the connection pinned to it, the body capped.
 */
export class SkillHubClient {
  constructor(private readonly options: SkillHubClientOptions) {}

  /** Every skill the index lists (entries missing required fields are left out). */
  async index(signal?: AbortSignal): Promise<SkillHubEntry[]> {
    const url = this.options.registryUrl;
    const response = await this.request(url, maxIndexBytes, true, signal);
    if (response.truncated)
      throw new TinyElfError({
        code: 'SKILLHUB_FAILED',
        message: `The SkillHub index at ${url} is larger than ${maxIndexBytes / 1024 / 1024} MB.`,
      });
    let body: unknown;
    try {
      body = JSON.parse(response.body.toString('utf8'));
    } catch {
      throw new TinyElfError({
        code: 'SKILLHUB_FAILED',
        message: `The SkillHub index at ${url} is not JSON.`,
      });
    }
    const skills = (body as { skills?: unknown })?.skills;
    if (!Array.isArray(skills))
      throw new TinyElfError({
        code: 'SKILLHUB_FAILED',
        message: `The SkillHub index at ${url} has no "skills" list.`,
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

  /**
   * Downloads an entry's archive, capped, and checks its size and SHA-256 against the index. The
   * bytes received are reported as they arrive, to `onProgress` (this call's) and to the client's.
   */
  async download(
    entry: SkillHubEntry,
    signal?: AbortSignal,
    onProgress?: (received: number, total: number) => void,
  ): Promise<{
    /** The archive's bytes, checked against the registry's SHA-256. */
    archive: Buffer;
    /** Its format: the entry's `format`, or from the URL (`.zip`, otherwise tar.gz). */
    format: 'tar.gz' | 'zip';
  }> {
    const allowed = this.options.maxArchiveBytes ?? 20 * 1024 * 1024;
    if (entry.size > allowed) {
      throw new TinyElfError({
        code: 'SKILL_INSTALL_REFUSED',
        message: `The skill ${entry.id} is ${entry.size} bytes, more than the ${allowed} allowed.`,
      });
    }
    let url: string;
    try {
      url = new URL(entry.archive, this.options.registryUrl).href;
    } catch {
      throw new TinyElfError({
        code: 'SKILL_INSTALL_REFUSED',
        message: `The index gives the archive of ${entry.id} as ${JSON.stringify(entry.archive)}, which is not a URL.`,
      });
    }
    // One byte more than stated, to tell an archive of the stated size from a longer one.
    const clientProgress = this.options.onProgress;
    const report =
      onProgress || clientProgress
        ? (received: number) => {
            onProgress?.(received, entry.size);
            clientProgress?.(received, entry.size);
          }
        : undefined;
    const response = await this.request(url, Math.max(entry.size, 0) + 1, false, signal, {
      archiveOf: entry.id,
      onProgress: report,
    });
    const archive = response.body;
    if (archive.length > entry.size) {
      throw new TinyElfError({
        code: 'SKILL_INSTALL_REFUSED',
        message: `The archive of ${entry.id} is larger than the ${entry.size} bytes the index states; the download was stopped.`,
      });
    }
    const digest = await sha256(archive);
    if (digest !== entry.sha256.toLowerCase()) {
      throw new TinyElfError({
        code: 'SKILL_INSTALL_REFUSED',
        message: `The archive of ${entry.id} does not match the index (sha256 ${digest}, expected ${entry.sha256}); it was not installed.`,
      });
    }
    const format = entry.format ?? (/\.zip($|\?)/i.test(entry.archive) ? 'zip' : 'tar.gz');
    return { archive, format };
  }

  private async request(
    url: string,
    maxBytes: number,
    decode: boolean,
    signal: AbortSignal | undefined,
    archive: { archiveOf?: string; onProgress?: (received: number) => void } = {},
  ): Promise<GuardedResponse> {
    const { archiveOf, onProgress } = archive;
    let response: GuardedResponse;
    try {
      response = await fetchGuarded(url, {
        guard: this.options.guard ?? {},
        connect: this.options.connect,
        timeoutMs: this.options.timeoutMs ?? 30_000,
        maxBytes,
        decode,
        userAgent: 'TinyElf-SkillHub',
        accept: decode ? 'application/json' : 'application/octet-stream',
        signal,
        ...(onProgress && { onBodyProgress: (received: number) => onProgress(received) }),
      });
    } catch (error) {
      const what = archiveOf
        ? `The archive of ${archiveOf} was not downloaded`
        : 'SkillHub could not be read';
      if (
        TinyElfError.isInstance(error) &&
        error.code !== 'FETCH_FAILED' &&
        error.code !== 'DNS_FAILED'
      )
        throw new TinyElfError({
          code: error.code,
          message: `${what}: ${error.message}`,
          cause: error,
        });
      throw new TinyElfError({
        code: 'SKILLHUB_FAILED',
        message: `SkillHub could not be reached at ${url} (${(error as Error).message}).`,
        cause: error,
      });
    }
    if (response.status < 200 || response.status > 299)
      throw new TinyElfError({
        code: 'SKILLHUB_FAILED',
        message: `SkillHub answered HTTP ${response.status} for ${url}.`,
      });
    return response;
  }
}

/** The SHA-256 of a buffer, hashed 1 MB at a time with a turn of the event loop between. */
async function sha256(data: Buffer): Promise<string> {
  const hash = createHash('sha256');
  for (let offset = 0; offset < data.length; offset += 1024 * 1024) {
    hash.update(data.subarray(offset, offset + 1024 * 1024));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return hash.digest('hex');
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
