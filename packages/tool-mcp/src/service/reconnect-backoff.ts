/**
 * The waits between reconnect attempts: none before the first, then 0.5 s doubling up to 30 s
 * after each failed attempt; a success starts over.
 */
export class ReconnectBackoff {
  private failures = 0;
  private nextAttemptAt = 0;
  /** The last failed attempt's error message. */
  lastError = '';

  constructor(
    private readonly firstMs = 500,
    private readonly maximumMs = 30_000,
  ) {}

  /** How long until the next attempt may be made (0: now). */
  waitMs(now = Date.now()): number {
    return Math.max(0, this.nextAttemptAt - now);
  }

  /** Records a failed attempt. */
  failed(message: string, now = Date.now()): void {
    this.failures++;
    this.lastError = message;
    this.nextAttemptAt = now + Math.min(this.maximumMs, this.firstMs * 2 ** (this.failures - 1));
  }

  /** Records a success: the next failure waits the shortest time again. */
  succeeded(): void {
    this.failures = 0;
    this.nextAttemptAt = 0;
  }
}
