/**
 * A table's own entry for a key taken from the command (a program name, usually), never one it
 * inherits: `toString`, `constructor`, `__proto__` and the other names on `Object.prototype` are
 * programs too, and must not read as table entries.
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
