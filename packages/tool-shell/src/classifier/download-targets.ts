import { basename } from 'node:path';

/** The files `curl` or `wget` writes (`-o FILE`, `-O`, `--output-document=FILE`, the URL's name). */
export function downloadTargets(program: string, args: readonly string[]): string[] {
  const files: string[] = [];
  const urls = args.filter((arg) => /^[a-z]+:\/\//i.test(arg));
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
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
  return files.filter((file) => file !== '-' && file !== '');
}

function remoteName(url: string): string {
  try {
    return basename(new URL(url).pathname) || 'index.html';
  } catch {
    return '';
  }
}
