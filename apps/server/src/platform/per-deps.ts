import type { Deps } from './deps';

/**
 * A service built once per running server (its `deps`), on first use. Families hand their
 * services to others with it (`appsOf(deps)`), so a service and whatever it holds (caches,
 * its own helpers) exists once, however many families use it.
 */
export function perDeps<T>(build: (deps: Deps) => T): (deps: Deps) => T {
  const built = new WeakMap<Deps, T>();
  return (deps) => {
    let service = built.get(deps);
    if (service === undefined) {
      service = build(deps);
      built.set(deps, service);
    }
    return service;
  };
}
