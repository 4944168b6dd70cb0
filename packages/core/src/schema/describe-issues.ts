import type { JsonSchema } from '../tool/tool';

/** One bad parameter: where it is (`path`, `items.0`) and what was wrong and expected. */
export interface ArgumentIssue {
  /** Where the bad value is: a parameter name, `options.depth`, `items.0`, or `(arguments)`. */
  readonly path: string;
  /** What was wrong: what was expected and what was got. */
  readonly message: string;
}

/** A validation error as TypeBox 1.x reports it (JSON pointers into the value and the schema). */
export interface SchemaError {
  /** The JSON Schema keyword that failed (`type`, `required`, `additionalProperties`, ...). */
  readonly keyword: string;
  /** A pointer into the schema (`#/properties/limit`). */
  readonly schemaPath: string;
  /** A pointer into the value (`/limit`). */
  readonly instancePath: string;
  /** The keyword's details (`requiredProperties`, `additionalProperties`, ...). */
  readonly params: object;
}

/**
 * Turns TypeBox's errors into one issue per bad parameter: a missing one, an unknown one where
 * the schema refuses them, or one whose value does not fit (described by the outermost schema
 * that failed there, so a union reads "one of ..." rather than its first member's complaint).
 */
export function describeIssues(
  schema: unknown,
  value: unknown,
  errors: readonly SchemaError[],
): ArgumentIssue[] {
  const issues = new Map<string, { schemaPath: string; message: string }>();
  const add = (pointer: string, schemaPath: string, message: () => string) => {
    const known = issues.get(pointer);
    if (known && known.schemaPath.length <= schemaPath.length) return;
    issues.set(pointer, { schemaPath, message: message() });
  };
  for (const error of errors) {
    const params = error.params as {
      requiredProperties?: string[];
      additionalProperties?: string[];
    };
    if (error.keyword === 'required') {
      for (const name of params.requiredProperties ?? []) {
        const schemaPath = `${error.schemaPath}/properties/${encodeSegment(name)}`;
        add(`${error.instancePath}/${encodeSegment(name)}`, schemaPath, () => {
          const expected = describeSchema(at(schema, schemaPath));
          return `missing required parameter (expected ${expected})`;
        });
      }
    } else if (error.keyword === 'additionalProperties') {
      const owner = at(schema, error.schemaPath) as JsonSchema | undefined;
      const allowed = Object.keys((owner?.properties ?? {}) as object).join(', ');
      for (const name of params.additionalProperties ?? []) {
        add(`${error.instancePath}/${encodeSegment(name)}`, error.schemaPath, () => {
          const got = preview(at(value, `#${error.instancePath}/${encodeSegment(name)}`));
          return `unknown parameter (got ${got}; the known ones are: ${allowed || 'none'})`;
        });
      }
    } else if (
      !(error.keyword === 'boolean' && error.schemaPath.endsWith('/additionalProperties'))
    ) {
      add(error.instancePath, error.schemaPath, () => {
        const got = at(value, `#${error.instancePath}`);
        const expected = describeSchema(at(schema, error.schemaPath));
        return got === undefined
          ? `missing required parameter (expected ${expected})`
          : `expected ${expected}, got ${preview(got)}`;
      });
    }
  }
  return [...issues].map(([pointer, issue]) => ({
    path: formatPath(pointer),
    message: issue.message,
  }));
}

/** The node a JSON pointer (`#/properties/a`, `#` for the root) points to, or `undefined`. */
function at(root: unknown, pointer: string): unknown {
  const path = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  if (path === '' || path === '/') return root;
  let current = root;
  for (const segment of path.slice(1).split('/')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[decodeSegment(segment)];
  }
  return current;
}

function encodeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function decodeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function formatPath(pointer: string): string {
  if (pointer === '' || pointer === '/') return '(arguments)';
  return pointer.slice(1).split('/').map(unescape).join('.');
}

/** A short description of what a schema accepts, for error messages. */
export function describeSchema(schema: unknown): string {
  if (typeof schema !== 'object' || schema === null) return 'any value';
  const node = schema as JsonSchema;
  if ('const' in node) return JSON.stringify(node.const);
  const members = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(members)) {
    const described = members.map(describeSchema);
    return described.length > 8
      ? `one of ${described.slice(0, 8).join(' | ')} | …`
      : `one of ${described.join(' | ')}`;
  }
  if (Array.isArray(node.enum))
    return `one of ${node.enum.map((value) => JSON.stringify(value)).join(' | ')}`;
  switch (node.type) {
    case 'array':
      return `an array (each item ${describeSchema(node.items)})`;
    case 'object':
      return 'an object';
    case 'integer':
      return withLimits('an integer', node);
    case 'number':
      return withLimits('a number', node);
    case 'string':
      return withLimits('a string', node);
    case 'boolean':
      return 'a boolean (true or false)';
    case 'null':
      return 'null';
    default:
      return 'any value';
  }
}

function withLimits(base: string, node: JsonSchema): string {
  const limits: string[] = [];
  if (node.minimum !== undefined) limits.push(`>= ${node.minimum}`);
  if (node.exclusiveMinimum !== undefined) limits.push(`> ${node.exclusiveMinimum}`);
  if (node.maximum !== undefined) limits.push(`<= ${node.maximum}`);
  if (node.exclusiveMaximum !== undefined) limits.push(`< ${node.exclusiveMaximum}`);
  if (node.multipleOf !== undefined) limits.push(`a multiple of ${node.multipleOf}`);
  if (node.minLength !== undefined) limits.push(`at least ${node.minLength} characters`);
  if (node.maxLength !== undefined) limits.push(`at most ${node.maxLength} characters`);
  if (node.pattern !== undefined) limits.push(`matching /${node.pattern}/`);
  return limits.length ? `${base} (${limits.join(', ')})` : base;
}

/** What a value is and a short JSON preview of it (`a string "many"`, `a number 2.5`). */
export function preview(value: unknown): string {
  const kind = kindOf(value);
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  if (text.length > 60) text = `${text.slice(0, 57)}...`;
  return value === null ? 'null' : `${kind} ${text}`;
}

/** What kind of JSON value something is, with its article (`an integer`, `a string`). */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return Number.isInteger(value) ? 'an integer' : 'a number';
    case 'boolean':
      return 'a boolean';
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}
