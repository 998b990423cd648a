import type { Deps } from './deps';

/**
 * A question a family asks of whichever families can answer it, declared (with the shape
 * of an answer) by the family that asks: "does any version use this package?", "what does
 * a reviewer see of this kind of task?". Families that answer list an extension; the asker
 * imports none of them, so the dependency runs one way (docs/kernel/extensions.md).
 */
export interface ExtensionPoint<T> {
  name: string;
  /** Never set: carries the answer's type. */
  readonly answer?: T;
}

export function defineExtensionPoint<T>(name: string): ExtensionPoint<T> {
  if (!/^[a-z][\w-]*\.[\w.-]+$/.test(name)) throw new Error(`an extension point is named <family>.<question>, e.g. "packages.users": got "${name}"`);
  return { name };
}

/** A family's answer to an extension point, made once per app from its dependencies. */
export interface Extension<T = unknown> {
  point: ExtensionPoint<T>;
  make(deps: Deps): T;
}

/** Declares an extension with its answer's type checked against the point. */
export const extend = <T>(point: ExtensionPoint<T>, make: (deps: Deps) => T): Extension<T> => ({ point, make });

export interface Extensions {
  /** The answers to a point, in the order the families are listed (made on first use). */
  all<T>(point: ExtensionPoint<T>): readonly T[];
}

export function extensionsOf(list: readonly Extension[], deps: () => Deps): Extensions {
  const made = new Map<string, unknown[]>();
  return {
    all<T>(point: ExtensionPoint<T>): readonly T[] {
      let answers = made.get(point.name);
      if (!answers) {
        answers = list.filter((e) => e.point.name === point.name).map((e) => e.make(deps()));
        made.set(point.name, answers);
      }
      return answers as T[];
    },
  };
}
