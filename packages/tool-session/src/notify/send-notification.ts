import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** How a notification went. */
export interface NotificationOutcome {
  /** Whether a notification was shown. */
  readonly delivered: boolean;
  /** How it was sent (`notify-send`, `osascript`, PowerShell). */
  readonly method: string;
  /** Why it was not delivered. */
  readonly detail?: string;
}

function onPath(command: string, path: string | undefined): boolean {
  return (path ?? '').split(delimiter).some((folder) => {
    try {
      accessSync(join(folder, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(command, args, { env, timeout: 10_000 }, (error, _stdout, stderr) =>
      resolve(error ? stderr.trim() || error.message : undefined),
    );
  });
}

/**
 * Shows a desktop notification with the platform's own mechanism: notify-send on Linux,
 * osascript on macOS, PowerShell on Windows. Never throws: where none is available or it fails,
 * the outcome says so.
 */
export async function sendNotification(
  title: string,
  body: string,
  options: { platform?: NodeJS.Platform; env?: NodeJS.ProcessEnv } = {},
): Promise<NotificationOutcome> {
  const platform = options.platform ?? process.platform;
  const env = options.env ?? process.env;
  if (platform === 'darwin') {
    const script = `display notification ${JSON.stringify(body)} with title ${JSON.stringify(title)}`;
    const failure = await run('osascript', ['-e', script], env);
    return { delivered: !failure, method: 'osascript', detail: failure };
  }
  if (platform === 'win32') {
    const script = `[void][System.Reflection.Assembly]::LoadWithPartialName('System.Windows.Forms'); $n = New-Object System.Windows.Forms.NotifyIcon; $n.Icon = [System.Drawing.SystemIcons]::Information; $n.Visible = $true; $n.ShowBalloonTip(5000, ${JSON.stringify(title)}, ${JSON.stringify(body)}, 'Info')`;
    const failure = await run('powershell.exe', ['-NoProfile', '-Command', script], env);
    return { delivered: !failure, method: 'PowerShell', detail: failure };
  }
  if (!onPath('notify-send', env.PATH))
    return {
      delivered: false,
      method: 'notify-send',
      detail: 'notify-send is not installed (Debian package libnotify-bin)',
    };
  const failure = await run('notify-send', ['--app-name=TinyElf', title, body], env);
  return { delivered: !failure, method: 'notify-send', detail: failure };
}
