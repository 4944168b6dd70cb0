/** A change to one of the policy's default tool lists, instead of a list that replaces it. */
export interface ToolListChange {
  /** Names added to the default list. */
  readonly add?: readonly string[];
  /** Names taken off the default list. */
  readonly remove?: readonly string[];
}

/** A configured tool list: a plain list replaces the default, `{ add, remove }` changes it. */
export type ToolListSetting = readonly string[] | ToolListChange;

/**
 * The tool names a setting gives: the default when absent, the list itself when it is one, and
 * the default with `add` added and `remove` taken off for a change. Throws a TypeError naming the
 * setting when it is neither.
 */
export function resolveToolList(
  setting: ToolListSetting | undefined,
  defaults: readonly string[],
  settingName: string,
): Set<string> {
  if (setting === undefined) return new Set(defaults);
  if (Array.isArray(setting)) return new Set(setting as readonly string[]);
  const change = setting as ToolListChange;
  const listOf = (value: unknown, part: string): readonly string[] => {
    if (value === undefined) return [];
    if (Array.isArray(value) && value.every((name) => typeof name === 'string')) return value;
    throw new TypeError(
      `${settingName}.${part} must be a list of tool names; write ${settingName} as a list (which replaces the defaults) or as { add: [...], remove: [...] }.`,
    );
  };
  if (typeof change !== 'object' || change === null) {
    throw new TypeError(
      `${settingName} must be a list of tool names (which replaces the defaults) or { add: [...], remove: [...] }.`,
    );
  }
  const unknown = Object.keys(change).filter((key) => key !== 'add' && key !== 'remove');
  if (unknown.length) {
    throw new TypeError(
      `${settingName} has unknown field(s) ${unknown.join(', ')}; it takes { add: [...], remove: [...] } or a plain list.`,
    );
  }
  const result = new Set(defaults);
  for (const name of listOf(change.add, 'add')) result.add(name);
  for (const name of listOf(change.remove, 'remove')) result.delete(name);
  return result;
}
