import { beforeAll } from 'vitest';
import { signUpAdmin } from './factories.ts';
import { signUp, type SignedIn } from './login.ts';
import type { TestApp } from './test-app.ts';
import { lateBound } from './use-test-app.ts';

type Person = Parameters<typeof signUp>[1] | 'admin';

/** A test file's people, signed up one after another, in the order given, in a beforeAll ('admin': the test admin). */
export function useSignedUp<K extends string>(t: TestApp, people: Record<K, Person>): Record<K, SignedIn> {
  const signed = new Map<string, SignedIn>();
  beforeAll(async () => {
    for (const [key, person] of Object.entries<Person>(people)) signed.set(key, person === 'admin' ? await signUpAdmin(t) : await signUp(t, person));
  });
  return Object.fromEntries(Object.keys(people).map((key) => [key, lateBound(() => signed.get(key))])) as Record<K, SignedIn>;
}
