/** A PostgreSQL server a test started. */
export interface StartedPostgres {
  /** postgres://tinyelf@127.0.0.1:<port>/postgres (trust authentication). */
  readonly url: string;
  /** Its loopback port. */
  readonly port: number;
  /** Stops the server (closing its connections) and starts it again on the same port. */
  restart(): void;
  /** Stops the server until `resume`. */
  halt(): void;
  /** Starts a halted server again. */
  resume(): void;
  /** Stops it and removes its data folder. */
  stop(): void;
  readonly skipped?: undefined;
}

/** Why no server could start (the other fields are absent). */
export interface SkippedPostgres
  extends Partial<Record<Exclude<keyof StartedPostgres, 'skipped'>, undefined>> {
  readonly skipped: string;
}

/** Starts a PostgreSQL server in a temporary folder on a free loopback port, or says why not. */
export function startPostgres(options?: {
  fsync?: boolean;
}): Promise<StartedPostgres | SkippedPostgres>;
