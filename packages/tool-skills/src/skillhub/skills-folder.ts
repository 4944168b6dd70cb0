import { mkdir, realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { realLocation, TinyElfError, WorkspaceGuard } from '@tinyelf/core';

/** The error of a refused install (code `SKILL_INSTALL_REFUSED`). */
export function refuseInstall(message: string, cause?: unknown): TinyElfError {
  return new TinyElfError({
    code: 'SKILL_INSTALL_REFUSED',
    message: `The skill was not installed: ${message}.`,
    cause,
  });
}

/**
 * The real location of the skills folder, created if missing. With `containedIn` (the workspace
 * for workspace installs) it is resolved by core's WorkspaceGuard rooted there, so a
 * `.tinyelf/skills` (or `.tinyelf`) symbolic link planted in a repository cannot send an install
 * outside; the folder is checked again after it is created, in case a link appeared meanwhile.
 */
export async function resolveSkillsFolder(folder: string, containedIn?: string): Promise<string> {
  const locate = () => {
    if (containedIn === undefined) return realLocation(resolve(folder));
    try {
      return new WorkspaceGuard({ workspaceRoot: containedIn }).resolveForWrite(resolve(folder))
        .real;
    } catch (error) {
      if (!TinyElfError.hasCode(error, 'PATH_OUTSIDE_WORKSPACE')) throw error;
      throw refuseInstall(
        `the skills folder ${folder} resolves outside ${containedIn} (through a symbolic link); skills are installed only inside it`,
        error,
      );
    }
  };
  const real = locate();
  await mkdir(real, { recursive: true, mode: 0o755 });
  if ((await realpath(real)) !== real || locate() !== real)
    throw refuseInstall(
      `the skills folder ${folder} changed (a symbolic link appeared) while it was created`,
    );
  return real;
}
