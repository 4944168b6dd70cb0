// A TinyElf plugin with the tools the conformance suite's server scenarios call by name. They are
// ordinary registry tools: what the suite checks is how `tinyelf mcp serve` passes their results,
// media, errors and progress on (text, image and audio content, `isError`,
// `notifications/progress`).
export default {
  name: 'conformance-test-tools',
  apiVersion: 1,
  createTools: () => [
    {
      name: 'json_schema_2020_12_tool',
      description: 'Tool with JSON Schema 2020-12 features',
      parameters: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        $defs: {
          address: {
            type: 'object',
            properties: { street: { type: 'string' }, city: { type: 'string' } },
          },
        },
        properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
        additionalProperties: false,
      },
      readOnly: true,
      execute: async (params) => JSON.stringify(params),
    },
    {
      name: 'test_simple_text',
      description: 'Returns a simple text response.',
      parameters: { type: 'object', properties: {} },
      readOnly: true,
      execute: async () => 'This is a simple text response for testing.',
    },
    {
      name: 'test_error_handling',
      description: 'Always fails.',
      parameters: { type: 'object', properties: {} },
      readOnly: true,
      execute: async () => {
        throw new Error('This tool intentionally returns an error for testing');
      },
    },
    {
      name: 'test_image_content',
      description: 'Returns a 1x1 red PNG.',
      parameters: { type: 'object', properties: {} },
      readOnly: true,
      execute: async () => ({
        parts: [
          {
            type: 'image',
            data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
            mimeType: 'image/png',
          },
        ],
      }),
    },
    {
      name: 'test_audio_content',
      description: 'Returns a tiny WAV clip.',
      parameters: { type: 'object', properties: {} },
      readOnly: true,
      execute: async () => ({
        parts: [
          {
            type: 'audio',
            data: 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=',
            mimeType: 'audio/wav',
          },
        ],
      }),
    },
    {
      name: 'test_tool_with_progress',
      description: 'Reports progress three times, then answers.',
      parameters: { type: 'object', properties: {} },
      readOnly: true,
      execute: async (_params, context) => {
        for (const step of ['started', 'half way', 'done']) {
          context?.onProgress?.(step);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return 'Progress reported.';
      },
    },
  ],
};
