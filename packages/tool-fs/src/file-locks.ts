/**
 * Runs the writes to one file one after another, process-wide: an Edit reads, changes and writes
 * back with no other Edit or Write of that file in between, whichever registry (agent) runs it.
 * Different files do not wait for each other.
 */
const queues = new Map<string, Promise<unknown>>();

/** Runs `task` once every earlier task on `realPath` has settled; resolves to its result. */
export function withFileLock<T>(realPath: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(realPath) ?? Promise.resolve();
  const result = previous.then(task, task);
  const settled = result.then(
    () => undefined,
    () => undefined,
  );
  queues.set(realPath, settled);
  void settled.then(() => {
    if (queues.get(realPath) === settled) queues.delete(realPath);
  });
  return result;
}
