import { resolve } from 'node:path';
import { packageSources } from '../package-installs';
import { isStatic } from '../shell-word';
import { writtenFile } from './code-sources';
import { type Rule, warn } from './rule';

/**
 * Building or installing a package runs the package's own code (`setup.py` and build backends,
 * npm lifecycle scripts, gem extensions, `build.rs`, Makefile recipes): a warning when the
 * package comes from a URL, or from a file or folder the same command downloaded (`pip download
 * x && pip install ./x*.whl`, `git clone URL p && cd p && npm install`).
 */
export const packageInstallRule: Rule = ({ program, args, command }, context) => {
  const findings = [];
  for (const source of packageSources(program, args)) {
    if (source.url !== undefined) {
      findings.push(
        warn(
          'download-and-run',
          `${program} builds or installs a package from ${source.url}, which runs the package's own code.`,
        ),
      );
      continue;
    }
    const path = source.path?.replace(/^~(?=\/|$)/, context.paths.homeDir);
    if (path === undefined || !isStatic(path)) continue;
    if (command.cwd === undefined && !path.startsWith('/')) continue;
    if (writtenFile(command.files, resolve(command.cwd ?? '/', path))?.downloaded)
      findings.push(
        warn(
          'download-and-run',
          `${program} builds or installs ${path === '.' ? 'the working folder' : path}, downloaded by the same command, which runs the package's own code.`,
        ),
      );
  }
  return findings;
};
