import type { ToolProgress } from './tool-output';

/** The shortest time between two byte-count progress reports, in milliseconds. */
export const BYTES_PROGRESS_INTERVAL_MS = 100;

/**
 * A byte counter's reports (such as `fetchGuarded`'s `onBodyProgress`) passed to a tool's
 * `onProgress` as `Received 48.0 KB of 120.0 KB` with `{ progress: bytes, total }`, at most once
 * per {@link BYTES_PROGRESS_INTERVAL_MS} and always when the last byte of a known length arrives,
 * so a large download does not send a report per chunk. `label` replaces `Received`.
 */
export function bytesProgressReporter(
  onProgress: (message: string, progress?: ToolProgress) => void,
  label = 'Received',
  intervalMs = BYTES_PROGRESS_INTERVAL_MS,
): (received: number, total?: number) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (received, total) => {
    const now = performance.now();
    if (now - last < intervalMs && received !== total) return;
    last = now;
    onProgress(`${label} ${size(received)}${total === undefined ? '' : ` of ${size(total)}`}`, {
      progress: received,
      ...(total !== undefined && { total }),
    });
  };
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
