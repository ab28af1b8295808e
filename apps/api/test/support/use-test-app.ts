import { afterAll, beforeAll } from 'vitest';

/**
 * Stands for what a hook builds later: every use reads `get()` at that moment, so module-level
 * code can hand it to tests and helpers as the thing itself. A use before it is built throws.
 */
export function lateBound<A extends object>(get: () => A | undefined): A {
  const built = (): A => {
    const value = get();
    if (value === undefined) throw new Error('built in beforeAll: use it inside hooks and tests');
    return value;
  };
  return new Proxy({} as A, {
    get: (_, key) => Reflect.get(built(), key),
    set: (_, key, value) => Reflect.set(built(), key, value),
    has: (_, key) => Reflect.has(built(), key),
    ownKeys: () => Reflect.ownKeys(built()),
    getOwnPropertyDescriptor: (_, key) => {
      const found = Reflect.getOwnPropertyDescriptor(built(), key);
      return found && { ...found, configurable: true };
    },
  });
}

/**
 * The one app of a test file: built in the file's first beforeAll and closed in its afterAll
 * (`close`, by default the app's own); hooks registered after it run after it is built, and
 * their afterAll before it closes.
 */
export function useTestApp<A extends { close(): Promise<void> }>(create: () => Promise<A>, close: (app: A) => Promise<void> = (app) => app.close()): A {
  let current: A | undefined;
  beforeAll(async () => {
    current = await create();
  });
  afterAll(async () => {
    if (current) await close(current);
  });
  return lateBound(() => current);
}
