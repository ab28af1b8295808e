import type { Plugin } from 'vite';

/** The route files of the contracts package (packages/contracts/src/routes/<feature>.ts). */
const ROUTE_FILE = /[\\/]packages[\\/]contracts[\\/]src[\\/]routes[\\/][\w-]+\.ts$/;
const IMPORT = /^import[\s\S]*?from\s+'[^']+';\n/gm;
const SCHEMA_LINE = /^\s+(params|query|body|response): [\w.]+,\n/gm;

/**
 * What the browser gets of a route file: each call's method, path and success status, which is
 * all lib/api-client.ts reads. The zod schemas of every call (their answers above all) check
 * answers on the server and in the web tests' fake API; in the browser they were a large part
 * of the first load that no code ran (docs/performance.md, 'Figures behind choices in the code'). Types still come from the files as they are.
 */
export function stripRouteSchemas(code: string): string {
  const stripped = `const defineRoute = (call) => call;\n${code.replace(IMPORT, '').replace(SCHEMA_LINE, '')}`;
  // A call written in another shape (an inline schema, a property on several lines) would leave a
  // schema behind, or break: the build stops and says where.
  const left = /\bZ[A-Z]\w*|\bz\./.exec(stripped);
  if (left) throw new Error(`route-contracts-plugin: '${left[0]}' left in a route file; write each call's schemas as 'key: ZName,' lines`);
  return stripped;
}

export function routeContractsPlugin(): Plugin {
  return {
    name: 'betoch:route-contracts-for-the-browser',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!ROUTE_FILE.test(id)) return null;
      return { code: stripRouteSchemas(code), map: null };
    },
  };
}
