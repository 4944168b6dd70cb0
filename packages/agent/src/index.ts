export {
  type AgentEvent,
  AgentLoop,
  type AgentLoopOptions,
  type ConfirmationAnswer,
  type ConfirmationRequest,
  YIELD_TOOL,
} from './agent-loop';
export { DefaultAgentRunner } from './default-agent-runner';
export { OpenAIChatClient, type OpenAIChatClientOptions } from './openai-chat-client';
