import { hexEscapes, octalEscapes, type Random, singleQuote } from './random';
import { sandboxPlaces } from './seeds';

/** One word spelled for bash: statements that must run first, then the text of the word. */
export interface SpelledWord {
  /** Statements run before the command (variable assignments). */
  readonly prelude: readonly string[];
  /** The spelling, which bash expands back to exactly the original word. */
  readonly text: string;
}

/** Fresh variable names for one mutation. */
export class Names {
  private count = 0;
  /** A variable name not used yet in this mutation. */
  next(): string {
    this.count += 1;
    return `v${this.count}`;
  }
}

/** A way to spell a word; `undefined` when it does not apply to that word. */
export interface WordSpelling {
  /** Operator name, recorded in each mutation's recipe. */
  readonly name: string;
  /** Spells the word. */
  spell(word: string, random: Random, names: Names): SpelledWord | undefined;
}

const plainWord = /^[A-Za-z0-9_./@:=+,%-]+$/;
const word = (text: string, prelude: string[] = []): SpelledWord => ({ prelude, text });

function splitPoint(text: string, random: Random): number {
  return 1 + random.below(Math.max(1, text.length - 1));
}

/** Every word spelling the engine uses. */
export const wordSpellings: readonly WordSpelling[] = [
  { name: 'single-quotes', spell: (w) => word(singleQuote(w)) },
  { name: 'double-quotes', spell: (w) => (/["$`\\!]/.test(w) ? undefined : word(`"${w}"`)) },
  {
    name: 'split-quotes',
    spell: (w, r) => {
      if (w.length < 2 || !plainWord.test(w)) return undefined;
      const at = splitPoint(w, r);
      return word(`${w.slice(0, at)}''${w.slice(at)}`);
    },
  },
  {
    name: 'mixed-quotes',
    spell: (w, r) => {
      if (w.length < 2 || !plainWord.test(w)) return undefined;
      const at = splitPoint(w, r);
      return word(`"${w.slice(0, at)}"'${w.slice(at)}'`);
    },
  },
  {
    name: 'backslashes',
    spell: (w) =>
      plainWord.test(w) ? word([...w].map((c) => (c === '/' ? c : `\\${c}`)).join('')) : undefined,
  },
  { name: 'ansi-c-hex', spell: (w) => word(`$'${hexEscapes(w)}'`) },
  { name: 'ansi-c-octal', spell: (w) => word(`$'${octalEscapes(w)}'`) },
  {
    name: 'unset-variable-inside',
    spell: (w, r, n) => {
      if (w.length < 2 || !plainWord.test(w)) return undefined;
      const at = splitPoint(w, r);
      return word(`${w.slice(0, at)}\${${n.next()}}${w.slice(at)}`);
    },
  },
  { name: 'printf-substitution', spell: (w) => word(`"$(printf %s ${singleQuote(w)})"`) },
  { name: 'echo-backticks', spell: (w) => (plainWord.test(w) ? word(`\`echo ${w}\``) : undefined) },
  { name: 'printf-hex-substitution', spell: (w) => word(`"$(printf '${hexEscapes(w)}')"`) },
  {
    name: 'base64-substitution',
    spell: (w) => word(`"$(echo ${Buffer.from(w).toString('base64')} | base64 -d)"`),
  },
  {
    name: 'rev-substitution',
    spell: (w) => word(`"$(rev <<< ${singleQuote([...w].reverse().join(''))})"`),
  },
  {
    name: 'variable',
    spell: (w, _r, n) => {
      const name = n.next();
      return word(`"$${name}"`, [`${name}=${singleQuote(w)}`]);
    },
  },
  {
    name: 'braced-variable-unquoted',
    spell: (w, _r, n) => {
      if (!plainWord.test(w)) return undefined;
      const name = n.next();
      return word(`\${${name}}`, [`${name}=${w}`]);
    },
  },
  {
    name: 'default-of-unset',
    spell: (w, _r, n) => (/[}"$`\\]/.test(w) ? undefined : word(`"\${${n.next()}:-${w}}"`)),
  },
  {
    name: 'suffix-removal',
    spell: (w, _r, n) => {
      const name = n.next();
      return word(`"\${${name}%QZ}"`, [`${name}=${singleQuote(`${w}QZ`)}`]);
    },
  },
  {
    name: 'prefix-removal',
    spell: (w, _r, n) => {
      const name = n.next();
      return word(`"\${${name}#*Z}"`, [`${name}=${singleQuote(`QZ${w}`)}`]);
    },
  },
  {
    name: 'pattern-replacement',
    spell: (w, r, n) => {
      if (w.length < 2) return undefined;
      const name = n.next();
      const at = splitPoint(w, r);
      return word(`"\${${name}//_Q_/}"`, [
        `${name}=${singleQuote(`${w.slice(0, at)}_Q_${w.slice(at)}`)}`,
      ]);
    },
  },
  {
    name: 'substring',
    spell: (w, _r, n) => {
      const name = n.next();
      return word(`"\${${name}:3}"`, [`${name}=${singleQuote(`XYZ${w}`)}`]);
    },
  },
  {
    name: 'lowercase',
    spell: (w, _r, n) => {
      if (w !== w.toLowerCase() || w === w.toUpperCase()) return undefined;
      const name = n.next();
      return word(`"\${${name},,}"`, [`${name}=${singleQuote(w.toUpperCase())}`]);
    },
  },
  {
    name: 'indirect',
    spell: (w, _r, n) => {
      const target = n.next();
      const pointer = n.next();
      return word(`"\${!${pointer}}"`, [`${target}=${singleQuote(w)}`, `${pointer}=${target}`]);
    },
  },
  {
    name: 'array-element',
    spell: (w, _r, n) => {
      const name = n.next();
      return word(`"\${${name}[1]}"`, [`${name}=(x ${singleQuote(w)})`]);
    },
  },
  {
    name: 'home-tilde',
    spell: (w) => {
      const { home } = sandboxPlaces;
      if (w === home) return word('~');
      if (w.startsWith(`${home}/`)) return word(`~${w.slice(home.length)}`);
      return undefined;
    },
  },
  {
    name: 'home-variable',
    spell: (w) => {
      const { home } = sandboxPlaces;
      if (w === home) return word('"$HOME"');
      if (w.startsWith(`${home}/`)) return word(`\${HOME}${w.slice(home.length)}`);
      return undefined;
    },
  },
  { name: 'locale-quotes', spell: (w) => (/["$`\\!]/.test(w) ? undefined : word(`$"${w}"`)) },
  {
    name: 'ansi-c-unicode',
    spell: (w) =>
      word(
        `$'${[...w].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}'`,
      ),
  },
  {
    name: 'escape-transformation',
    spell: (w, _r, n) => {
      const name = n.next();
      return word(`"\${${name}@E}"`, [`${name}=${singleQuote(hexEscapes(w))}`]);
    },
  },
  {
    name: 'case-toggle',
    spell: (w, _r, n) => {
      if (w !== w.toLowerCase() || w === w.toUpperCase()) return undefined;
      const name = n.next();
      return word(`"\${${name}~~}"`, [`${name}=${singleQuote(w.toUpperCase())}`]);
    },
  },
  {
    name: 'arithmetic-number',
    spell: (w) => {
      const match = /^(-?)(\d+)$/.exec(w);
      if (!match) return undefined;
      const value = Number(match[2]);
      return word(`${match[1]}$((${value + 3}-3))`);
    },
  },
  {
    name: 'nameref',
    spell: (w, _r, n) => {
      const target = n.next();
      const reference = n.next();
      return word(`"$${reference}"`, [
        `${target}=${singleQuote(w)}`,
        `declare -n ${reference}=${target}`,
      ]);
    },
  },
  {
    name: 'tilde-forms',
    spell: (w) => {
      if (w === '/root') return word('~root');
      if (w === sandboxPlaces.workspace) return word('~+');
      return undefined;
    },
  },
  {
    name: 'proc-self-root',
    spell: (w) => (/^\/[a-z]/.test(w) ? word(`/proc/self/root${w}`) : undefined),
  },
  {
    name: 'glob-question-mark',
    spell: (w) => (/^\/[a-z]{3,}$/.test(w) ? word(`${w.slice(0, 2)}?${w.slice(3)}`) : undefined),
  },
  {
    name: 'path-slashes',
    spell: (w) => (w.startsWith('/') && !w.includes('*') ? word(w.replace('/', '//')) : undefined),
  },
  {
    name: 'path-dot',
    spell: (w) => (/^\/[a-z]/.test(w) ? word(`/.${w}`) : undefined),
  },
  {
    name: 'path-parent',
    spell: (w) => (/^\/[a-z]+\/.+/.test(w) ? word(`/usr/..${w}`) : undefined),
  },
  {
    name: 'workspace-relative',
    spell: (w) => {
      const { workspace, workspaceParent } = sandboxPlaces;
      if (w === workspaceParent) return word(`"\${PWD%/*}"`);
      if (w === workspace) return word('"$PWD"');
      if (w.startsWith(`${workspace}/`)) return word(`./${w.slice(workspace.length + 1)}`);
      return undefined;
    },
  },
  {
    name: 'glob',
    spell: (w) => {
      if (!/^\/[a-z]{3,}$/.test(w)) return undefined;
      return word(`${w.slice(0, -1)}[${w.at(-1)}]`);
    },
  },
];
