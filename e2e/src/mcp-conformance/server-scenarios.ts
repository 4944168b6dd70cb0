/**
 * The conformance suite's server scenarios (`conformance list`, 0.1.13) and what each means for
 * `tinyelf mcp serve --http`: the ones that apply must pass; the others are listed with the reason
 * (the same list is in e2e/README.md, which the test checks).
 */
export const APPLICABLE_SERVER_SCENARIOS: readonly string[] = [
  'server-initialize',
  'logging-set-level',
  'ping',
  'tools-list',
  'tools-call-simple-text',
  'tools-call-error',
  'tools-call-with-progress',
  'tools-call-image',
  'tools-call-audio',
  'resources-list',
  'prompts-list',
  'prompts-get-simple',
  'json-schema-2020-12',
  'dns-rebinding-protection',
  'server-sse-multiple-streams',
];

/** Scenarios that test something the server does not offer, with the reason. */
export const NOT_APPLICABLE_SERVER_SCENARIOS: Readonly<Record<string, string>> = {
  'completion-complete':
    'no completion capability: slash-command arguments are free text, skills have no arguments',
  'tools-call-embedded-resource':
    'registry results are text, image and audio parts: no embedded resources',
  'tools-call-mixed-content':
    'registry results are text, image and audio parts: no embedded resources',
  'tools-call-with-logging':
    'tools have no log channel (ToolContext has onProgress, passed on as progress and, after logging/setLevel, info logs)',
  'tools-call-sampling': 'the server does not ask the client for sampling',
  'tools-call-elicitation': 'the server does not ask the client for elicitation',
  'elicitation-sep1034-defaults': 'the server does not ask the client for elicitation',
  'elicitation-sep1330-enums': 'the server does not ask the client for elicitation',
  'server-sse-polling':
    'stateless server (no session state, for load balancing): no event store, so no stream resumption; the scenario calls a fixed test_reconnection tool and only warns',
  'resources-read-text':
    'reads the fixed test resource test://static-text; skills are skill://<name>',
  'resources-read-binary':
    'reads the fixed test resource test://static-binary; skills are Markdown',
  'resources-templates-read':
    'reads test://template/{id}/data; the only template is skill://{name}',
  'resources-subscribe': 'no resource subscriptions: skills are read again on every request',
  'resources-unsubscribe': 'no resource subscriptions: skills are read again on every request',
  'prompts-get-with-args':
    'gets the fixed test prompt test_prompt_with_arguments; prompts are the slash commands',
  'prompts-get-embedded-resource': 'slash-command prompts are text only',
  'prompts-get-with-image': 'slash-command prompts are text only',
};
