import { afterAll, beforeAll } from 'vitest';

/**
 * The one app of a test file: built in the file's first beforeAll and closed in its afterAll
 * (`close`, by default the app's own). The answer stands for the app the hook built, so tests,
 * helpers and later hooks use it as they would the app itself; touching it outside the hooks'
 * lifetime throws.
 */
export function useTestApp<A extends { close(): Promise<void> }>(create: () => Promise<A>, close: (app: A) => Promise<void> = (app) => app.close()): A {
  let current: A | undefined;
  beforeAll(async () => {
    current = await create();
  });
  afterAll(async () => {
    if (current) await close(current);
  });
  const app = (): A => {
    if (!current) throw new Error('the test app is built in beforeAll: use it inside hooks and tests');
    return current;
  };
  return new Proxy({} as A, {
    get: (_, key) => Reflect.get(app(), key),
    set: (_, key, value) => Reflect.set(app(), key, value),
    has: (_, key) => Reflect.has(app(), key),
    ownKeys: () => Reflect.ownKeys(app()),
    getOwnPropertyDescriptor: (_, key) => {
      const found = Reflect.getOwnPropertyDescriptor(app(), key);
      return found && { ...found, configurable: true };
    },
  });
}
