import { TinyElfError } from './tinyelf-error';

const code = 'PLUGIN_REGISTRATION_FAILED';

/** A plugin could not be registered or could not create its tools. */
export class PluginRegistrationError extends TinyElfError {
  /** The plugin's name. */
  readonly pluginName: string;

  constructor(options: { message: string; cause?: unknown; pluginName: string }) {
    super({ code, message: options.message, cause: options.cause });
    this.name = 'PluginRegistrationError';
    this.pluginName = options.pluginName;
  }

  /** True for a PluginRegistrationError from any copy of `@tinyelf/core` that carries its fields. */
  static override isInstance(error: unknown): error is PluginRegistrationError {
    return (
      TinyElfError.hasCode(error, code) &&
      typeof (error as { pluginName?: unknown }).pluginName === 'string'
    );
  }
}
