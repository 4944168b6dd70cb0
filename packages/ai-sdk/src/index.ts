export { type AiSdkToolsOptions, type TinyElfToolOutput, toAiSdkTools } from './to-ai-sdk-tools';
export { type AiSdkModelOutput, toModelOutput } from './to-model-output';
