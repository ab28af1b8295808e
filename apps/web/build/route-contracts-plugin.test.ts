import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RouteContract } from '@betoch/contracts/route-contract';
import { stripRouteSchemas } from './route-contracts-plugin';

const ROUTES = path.resolve(__dirname, '../../../packages/contracts/src/routes');

/** The calls of a stripped route file, evaluated as the browser would run it. */
function callsOf(stripped: string): Record<string, Record<string, { method: string; path: string; successStatus?: number }>> {
  const exports: Record<string, never> = {};
  const body = stripped.replace(/^export const (\w+) =/gm, 'exports.$1 =');
  new Function('exports', body)(exports);
  return exports;
}

describe('route files as the browser gets them', () => {
  for (const file of fs.readdirSync(ROUTES).filter((f) => f.endsWith('.ts'))) {
    it(`${file}: every call keeps its method, path and success status, and nothing else`, async () => {
      const full = (await import(/* @vite-ignore */ path.join(ROUTES, file))) as Record<string, Record<string, RouteContract>>;
      const browser = callsOf(stripRouteSchemas(fs.readFileSync(path.join(ROUTES, file), 'utf8')));
      expect(Object.keys(browser)).toEqual(Object.keys(full));
      for (const [group, calls] of Object.entries(full)) {
        expect(Object.keys(browser[group]!)).toEqual(Object.keys(calls));
        for (const [name, call] of Object.entries(calls)) {
          const expected = { method: call.method, path: call.path, ...(call.successStatus ? { successStatus: call.successStatus } : {}) };
          expect(browser[group]![name], `${group}.${name}`).toEqual(expected);
        }
      }
    });
  }

  it('a schema written inline stops the build', () => {
    expect(() => stripRouteSchemas("export const x = { a: defineRoute({\n    method: 'GET',\n    path: '/a',\n    response: z.object({}),\n  }) };\n")).toThrow(
      /left in a route file/,
    );
  });
});
