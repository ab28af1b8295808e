/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { pathParamNames, type RouteContract } from './route-contract.ts';

const files = import.meta.glob<Record<string, Record<string, RouteContract>>>('./routes/*.ts', { eager: true });
const contracts = Object.entries(files).flatMap(([file, exports]) =>
  Object.values(exports).flatMap((calls) => Object.entries(calls).map(([name, c]) => ({ name: `${file} ${name}`, c }))),
);

function shapeKeys(schema: RouteContract['params']): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return Object.keys(shape ?? {}).sort();
}

describe('route contracts', () => {
  it('are found (one file per feature)', () => {
    expect(Object.keys(files).length).toBeGreaterThan(10);
    expect(contracts.length).toBeGreaterThan(80);
  });

  it('name each path parameter exactly once, in path and params alike', () => {
    for (const { name, c } of contracts) {
      expect(shapeKeys(c.params), name).toEqual(pathParamNames(c.path).sort());
    }
  });

  it('give each method and path to one call only', () => {
    const keys = contracts.map(({ c }) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('carry bodies only on calls that change something', () => {
    for (const { name, c } of contracts) if (c.method === 'GET') expect(c.body, name).toBeUndefined();
  });
});
