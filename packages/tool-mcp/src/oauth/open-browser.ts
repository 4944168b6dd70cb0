import { spawn } from 'node:child_process';

/**
 * Opens a URL in the user's browser (xdg-open, open, or start) and prints it to stderr as well,
 * so a user without a browser (over SSH) can open it elsewhere.
 */
export function openInBrowser(url: URL): void {
  process.stderr.write(`Open this page to authorize TinyElf:\n  ${url.href}\n`);
  const [command, ...args] =
    process.platform === 'darwin'
      ? ['open', url.href]
      : process.platform === 'win32'
        ? ['cmd', '/c', 'start', '""', url.href]
        : ['xdg-open', url.href];
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return;
  try {
    const child = spawn(command!, args, { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No browser: the printed URL is the way.
  }
}
