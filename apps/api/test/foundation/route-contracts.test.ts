import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pathParamNames, type RouteContract } from '@betoch/contracts/route-contract';
import { routesOf } from '../../src/lib/route.ts';
import { createTestApp } from '../support/test-app.ts';
import { useTestApp } from '../support/use-test-app.ts';

const routesDir = new URL('../../../../packages/contracts/src/routes/', import.meta.url);

async function allContracts(): Promise<RouteContract[]> {
  const files = fs.readdirSync(routesDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const modules = await Promise.all(files.map((f) => import(new URL(f, routesDir).href) as Promise<Record<string, Record<string, RouteContract>>>));
  return modules.flatMap((m) => Object.values(m).flatMap((calls) => Object.values(calls)));
}

const t = useTestApp(createTestApp);

describe('route contracts', () => {
  it('name each path parameter in the path and in params alike, and give each method and path to one call', async () => {
    const contracts = await allContracts();
    expect(contracts.length).toBeGreaterThan(80);
    for (const c of contracts) {
      const shape = (c.params as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      expect(Object.keys(shape).sort(), c.path).toEqual(pathParamNames(c.path).sort());
      if (c.method === 'GET') expect(c.body, c.path).toBeUndefined();
    }
    const keys = contracts.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the server registers every call from its route contract', () => {
  it('each contract is registered once, with its own schemas and success status, and nothing else is', async () => {
    // Demo calls exist only in demo mode, and those of the demo's SMS inbox only with the console
    // sender (tests record SMS instead): each one registered is checked like every other call.
    const contracts = await allContracts();
    const demo = (path: string) => path.startsWith('/demo/');
    const registered = routesOf(t.app);
    const keyOf = (method: string, path: string) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`;
    expect(
      registered
        .filter((r) => !demo(r.url))
        .map((r) => keyOf(r.method, r.url))
        .sort(),
    ).toEqual(
      contracts
        .filter((c) => !demo(c.path))
        .map((c) => keyOf(c.method, c.path))
        .sort(),
    );
    for (const r of registered)
      expect(
        contracts.some((c) => keyOf(c.method, c.path) === keyOf(r.method, r.url)),
        r.url,
      ).toBe(true);
    for (const c of contracts) {
      const r = registered.find((x) => keyOf(x.method, x.url) === keyOf(c.method, c.path));
      if (!r && demo(c.path)) continue;
      const name = keyOf(c.method, c.path);
      if (!r) throw new Error(`${name} is not registered`);
      expect(r.response, name).toBe(c.response);
      expect(r.body, name).toBe(c.body);
      expect(r.query, name).toBe(c.query);
      expect(r.params, name).toBe(c.params);
      expect(r.successStatus, name).toBe(c.successStatus ?? 200);
    }
  });
});
