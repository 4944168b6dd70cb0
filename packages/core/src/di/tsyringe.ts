// tsyringe needs the Reflect metadata API before it loads.
import 'reflect-metadata';
import { container, type DependencyContainer } from 'tsyringe';

export type { DependencyContainer, InjectionToken } from 'tsyringe';
export {
  delay,
  inject,
  injectAll,
  injectable,
  instanceCachingFactory,
  Lifecycle,
  registry,
  scoped,
  singleton,
} from 'tsyringe';

/**
 * A new, empty DI container (a child of tsyringe's root, which nothing in TinyElf registers on).
 * Plugins use the tsyringe re-exports of `@tinyelf/core`, so one copy of tsyringe serves all.
 */
export function createContainer(): DependencyContainer {
  return container.createChildContainer();
}
