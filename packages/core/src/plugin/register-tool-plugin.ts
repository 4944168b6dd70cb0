import type { DependencyContainer } from 'tsyringe';
import { Tokens } from '../di/tokens';
import type { ToolPlugin } from './tool-plugin';

/**
 * Registers a plugin in a container under `Tokens.ToolPlugin`: an instance, or an injectable
 * class that the container constructs (its constructor parameters must carry `@inject`).
 */
export function registerToolPlugin(
  container: DependencyContainer,
  plugin: ToolPlugin | (new (...args: never[]) => ToolPlugin),
): DependencyContainer {
  if (typeof plugin === 'function') {
    container.register(Tokens.ToolPlugin, {
      useClass: plugin as new (...args: unknown[]) => ToolPlugin,
    });
  } else {
    container.register(Tokens.ToolPlugin, { useValue: plugin });
  }
  return container;
}
