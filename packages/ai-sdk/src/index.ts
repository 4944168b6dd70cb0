export { type AiSdkToolsOptions, type TinyElfToolOutput, toAiSdkTools } from './to-ai-sdk-tools';
