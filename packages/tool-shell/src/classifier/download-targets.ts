import { basename } from 'node:path';

/** The files `curl` or `wget` writes (`-o FILE`, `-O`, `--output-document=FILE`, the URL's name). */
export function downloadTargets(program: string, args: readonly string[]): string[] {
  const files: string[] = [];
  const urls = args.filter((arg) => /^[a-z]+:\/\//i.test(arg));
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    // The download folder's value is not a file name (see downloadFolder).
    if (
      (program === 'curl' && arg === '--output-dir') ||
      (program === 'wget' && (arg === '-P' || arg === '--directory-prefix'))
    ) {
      index++;
      continue;
    }
    if (program === 'wget' && /^-P.+/.test(arg)) continue;
    const long = /^--(output|output-document)=(.+)$/.exec(arg);
    if (long) files.push(long[2]!);
    else if (
      (program === 'curl' && (arg === '-o' || arg === '--output')) ||
      (program === 'wget' && (arg === '-O' || arg === '--output-document'))
    )
      files.push(args[++index] ?? '');
    else if (program === 'curl' && /^-[a-zA-Z]+o$/.test(arg)) files.push(args[++index] ?? '');
    else if (/^-[a-zA-Z]*[oO].+$/.test(arg) && !arg.startsWith('--'))
      files.push(arg.slice(arg.search(/[oO]/) + 1));
    else if (
      (program === 'curl' && /^-[a-zA-Z]*O$/.test(arg)) ||
      (program === 'wget' &&
        !args.some((word) => /^-[a-zA-Z]*O/.test(word) || word.startsWith('--output-document')))
    )
      files.push(...urls.map(remoteName));
  }
  const folder = downloadFolder(program, args);
  const named = [...new Set(files.filter((file) => file !== '-' && file !== ''))];
  // curl's --output-dir and wget's -P put relative names in that folder (an absolute -o stays).
  return folder === undefined
    ? named
    : named.map((file) => (file.startsWith('/') ? file : `${folder.replace(/\/+$/, '')}/${file}`));
}

/** curl's `--output-dir DIR`, wget's `-P DIR` / `--directory-prefix=DIR`, when given. */
function downloadFolder(program: string, args: readonly string[]): string | undefined {
  let folder: string | undefined;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (program === 'curl') {
      if (arg === '--output-dir') folder = args[++index];
      else if (arg.startsWith('--output-dir=')) folder = arg.slice(13);
    } else if (program === 'wget') {
      if (arg === '-P' || arg === '--directory-prefix') folder = args[++index];
      else if (arg.startsWith('--directory-prefix=')) folder = arg.slice(19);
      else if (/^-P.+/.test(arg)) folder = arg.slice(2);
    }
  }
  return folder;
}

function remoteName(url: string): string {
  try {
    return basename(new URL(url).pathname) || 'index.html';
  } catch {
    return '';
  }
}
