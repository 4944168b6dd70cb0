/**
 * A model the tools may use in the background, for example to summarise a fetched page. Any
 * provider fits: implement `complete`.
 */
export interface BackgroundModel {
  /** Completes a prompt and resolves to the model's text. */
  complete(
    prompt: string,
    options?: { readonly signal?: AbortSignal; readonly maxTokens?: number },
  ): Promise<string>;
}
