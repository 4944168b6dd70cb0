const typeNames = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];
const schemaMaps = ['properties', 'patternProperties', '$defs', 'definitions'];
const schemaLists = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const schemaValues = ['not', 'if', 'then', 'else', 'contains', 'propertyNames'];
const numberKeywords = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
const countKeywords = [
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
];

/**
 * The mistakes in a JSON Schema (TypeBox schemas are JSON Schema) that a validator would silently
 * accept: an unknown `type` (`'strin'`), `properties` that are not schemas, `required` that is not
 * a list of names, a bound that is not a number. Each problem names where it is (`#/properties/
 * sandbox/type`). An empty list means the schema is well formed.
 */
export function jsonSchemaProblems(schema: unknown, at = '#'): string[] {
  if (typeof schema === 'boolean') return [];
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return [`${at}: a schema must be an object or a boolean, got ${describe(schema)}`];
  const node = schema as Record<string, unknown>;
  const problems: string[] = [];
  if (node.type !== undefined) {
    const types = Array.isArray(node.type) ? node.type : [node.type];
    for (const type of types) {
      if (!typeNames.includes(type as string))
        problems.push(
          `${at}/type: ${JSON.stringify(type)} is not a JSON Schema type (one of ${typeNames.join(', ')})`,
        );
    }
  }
  for (const key of schemaMaps) {
    const map = node[key];
    if (map === undefined) continue;
    if (typeof map !== 'object' || map === null || Array.isArray(map)) {
      problems.push(`${at}/${key}: must be an object of schemas, got ${describe(map)}`);
      continue;
    }
    for (const [name, child] of Object.entries(map))
      problems.push(...jsonSchemaProblems(child, `${at}/${key}/${name}`));
  }
  for (const key of schemaLists) {
    const list = node[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) problems.push(`${at}/${key}: must be a list of schemas`);
    else
      problems.push(
        ...list.flatMap((child, index) => jsonSchemaProblems(child, `${at}/${key}/${index}`)),
      );
  }
  for (const key of [...schemaValues, 'additionalProperties', 'items']) {
    const child = node[key];
    if (child === undefined) continue;
    if (key === 'items' && Array.isArray(child))
      problems.push(
        ...child.flatMap((item, index) => jsonSchemaProblems(item, `${at}/items/${index}`)),
      );
    else problems.push(...jsonSchemaProblems(child, `${at}/${key}`));
  }
  if (
    node.required !== undefined &&
    (!Array.isArray(node.required) || node.required.some((name) => typeof name !== 'string'))
  )
    problems.push(`${at}/required: must be a list of property names`);
  if (node.enum !== undefined && !Array.isArray(node.enum))
    problems.push(`${at}/enum: must be a list of values`);
  for (const key of numberKeywords) {
    if (node[key] !== undefined && typeof node[key] !== 'number')
      problems.push(`${at}/${key}: must be a number, got ${describe(node[key])}`);
  }
  for (const key of countKeywords) {
    const value = node[key];
    if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 0))
      problems.push(`${at}/${key}: must be a whole number of at least 0, got ${describe(value)}`);
  }
  return problems;
}

function describe(value: unknown): string {
  return JSON.stringify(value)?.slice(0, 40) ?? String(value);
}
