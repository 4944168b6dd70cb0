import { type ClassifyOptions, classifyCommand } from './classify-command';
import type { Classification } from './finding';

/**
 * Remembers the last few classifications for a few seconds, so the check an agent loop makes
 * before asking for confirmation (`assessRisk`) and the check `execute` makes right after it
 * parse the command once. Entries expire quickly because a path's target can change on disk.
 */
export class RecentClassifications {
  private readonly entries = new Map<string, { at: number; result: Promise<Classification> }>();

  constructor(
    private readonly options: ClassifyOptions,
    private readonly maxEntries = 32,
    private readonly maxAgeMs = 10_000,
  ) {}

  /** The classification of a command, computed or recent. */
  get(command: string): Promise<Classification> {
    const now = Date.now();
    const entry = this.entries.get(command);
    if (entry && now - entry.at <= this.maxAgeMs) return entry.result;
    const result = classifyCommand(command, this.options);
    this.entries.delete(command);
    this.entries.set(command, { at: now, result });
    if (this.entries.size > this.maxEntries)
      this.entries.delete(this.entries.keys().next().value as string);
    return result;
  }
}
