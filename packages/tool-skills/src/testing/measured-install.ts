import { existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ExtractionWork } from '../skillhub/archive/extract-archive';
import type { ExtractionLimits } from '../skillhub/archive/extraction-limits';
import { type InstalledSkill, installSkillArchive } from '../skillhub/install-skill-archive';

/** What one measured install did. */
export interface MeasuredInstall {
  /** The refusal, or undefined when the skill was installed. */
  readonly error?: Error;
  readonly installed?: InstalledSkill;
  /** The longest the event loop was held up during the install, in ms. */
  readonly maxDelayMs: number;
  /** The decompressed bytes and entries counted. */
  readonly work?: ExtractionWork;
  /** Wall time, in ms. */
  readonly ms: number;
  /** Everything in the skills folder afterwards. */
  readonly left: readonly string[];
  readonly skillsFolder: string;
}

/** Every path below a folder (to prove nothing was written anywhere). */
export function tree(folder: string): string[] {
  return existsSync(folder) ? readdirSync(folder, { recursive: true }).map(String).sort() : [];
}

setFlagsFromString('--expose-gc');
/** A full garbage collection, so the garbage of building a bomb is not collected (and timed) during the install. */
const collectGarbage = runInNewContext('gc') as () => void;

/** Installs an archive into a new temporary skills folder, watching the event loop meanwhile. */
export async function measuredInstall(
  archive: Buffer,
  format: 'zip' | 'tar.gz',
  limits?: Partial<ExtractionLimits>,
): Promise<MeasuredInstall> {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-bomb-')));
  const skillsFolder = join(base, 'skills');
  mkdirSync(skillsFolder);
  let work: ExtractionWork | undefined;
  collectGarbage();
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  // The histogram's first tick only sets its baseline: a block before it would go unseen.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const started = performance.now();
  let error: Error | undefined;
  let installed: InstalledSkill | undefined;
  try {
    installed = await installSkillArchive({
      archive,
      format,
      skillsFolder,
      limits,
      onWork: (done) => {
        work = done;
      },
    });
  } catch (thrown) {
    error = thrown as Error;
  }
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 20)); // Let a late tick be recorded.
  histogram.disable();
  return {
    error,
    installed,
    maxDelayMs: histogram.max / 1e6,
    work,
    ms,
    left: tree(skillsFolder),
    skillsFolder,
  };
}
