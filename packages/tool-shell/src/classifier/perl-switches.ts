import { isStatic } from './shell-word';

/** The switches perl accepts in PERL5OPT (`-[CDIMUdmtw]`); any other makes perl stop at once. */
const allowedInPerl5Opt = /^-?[CDIMUdmtw]/;

/**
 * The switches `PERL5OPT` adds to every perl command line: its value split at white space (perl
 * does not honour quotes there), each word a switch with its leading `-` optional. Undefined
 * when perl would refuse it (`Illegal switch in PERL5OPT`) and so run nothing.
 */
export function perl5optSwitches(value: string | undefined): string[] | undefined {
  if (value === undefined || !isStatic(value)) return undefined;
  const words = value.split(/\s+/).filter(Boolean);
  if (!words.every((word) => allowedInPerl5Opt.test(word))) return undefined;
  return words.map((word) => (word.startsWith('-') ? word : `-${word}`));
}

/**
 * The Perl code that `-M` switches run before the program: `-MMOD` is `use MOD;`, and text after
 * the module name runs too (`-Mbase;system(...)` is `use base;system(...);`). Only the switches
 * whose value holds more than a module name and its import list are returned, as code.
 */
export function moduleSwitchCode(switches: readonly string[]): string[] {
  const code: string[] = [];
  for (let index = 0; index < switches.length; index++) {
    const word = switches[index]!;
    const attached = /^-M(.+)$/s.exec(word);
    const value = attached ? attached[1]! : word === '-M' ? switches[++index] : undefined;
    if (value === undefined) continue;
    const module = /^-?[\w:]+(=[^;]*)?$/.test(value);
    if (!module) code.push(`use ${value.replace(/^([\w:]+)=(.*)$/s, '$1 split(/,/,q{$2})')};`);
  }
  return code;
}
