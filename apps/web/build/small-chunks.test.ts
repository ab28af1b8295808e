import { describe, expect, it } from 'vitest';
import { importedNames, moduleGraph, planChunks, type GraphModule } from './small-chunks';

/** A graph from `id: [size, static imports, dynamic imports]`; '/index.html' is the static entry. */
function graphOf(modules: Record<string, [number, string[], string[]?]>): Map<string, GraphModule> {
  return new Map(
    Object.entries(modules).map(([id, [size, imports, dynamicImports = []]]) => [id, { size, isEntry: id === '/index.html', imports, dynamicImports }]),
  );
}

/** The chunks of a plan: the modules of each, sorted. */
function chunksOf(names: Map<string, string>): string[][] {
  const byName = new Map<string, string[]>();
  for (const [id, name] of names) byName.set(name, [...(byName.get(name) ?? []), id]);
  return [...byName.values()].map((ids) => ids.sort()).sort((a, b) => a[0]!.localeCompare(b[0]!));
}

// The shell (/index.html, /main) loads four pages; /a and /b share /ab, /b and /c share /bc, every
// page shares /ui; /d stands alone.
const app = {
  '/index.html': [10, ['/main']],
  '/main': [5000, ['/lib'], ['/a', '/b', '/c', '/d']],
  '/lib': [3000, []],
  '/a': [4000, ['/ab', '/ui', '/lib']],
  '/b': [4000, ['/ab', '/bc', '/ui']],
  '/c': [4000, ['/bc', '/ui']],
  '/d': [4000, ['/ui']],
  '/ab': [300, []],
  '/bc': [200, []],
  '/ui': [3000, []],
} satisfies Record<string, [number, string[], string[]?]>;
const shell = new Set(['/index.html', '/main', '/lib']);

describe('the chunks of the client build', () => {
  it('keeps modules that pages share in chunks of their own, and what the shell has already in the shell', () => {
    const plan = planChunks(graphOf(app), shell, 0);
    // The pages' own chunks (and the shell's) are Rolldown's: the plan names only the shared ones.
    expect(chunksOf(plan.names)).toEqual([['/ab'], ['/bc'], ['/ui']]);
    expect(plan.merged).toBe(0);
  });

  it('merges a small chunk into the one whose merge brings the least code a page does not need', () => {
    const plan = planChunks(graphOf(app), shell, 1000);
    // /bc (200 bytes) first: into /ui (/a and /d load its 200 bytes without needing them) rather
    // than into /ab (/a would load /bc's 200, /c /ab's 300); then /ab, still small, into that.
    expect(chunksOf(plan.names)).toEqual([['/ab', '/bc', '/ui']]);
    expect(plan.merged).toBe(2);
  });

  it('gives the first pages the code they share in one chunk for each set of them, and merges none of it', () => {
    const plan = planChunks(graphOf(app), shell, 1000, ['/a', '/b']);
    // /ab and /ui: both needed by /a and /b (/ui by /c and /d too); /bc: needed by /b (and /c).
    expect(chunksOf(plan.names)).toEqual([['/ab', '/ui'], ['/bc']]);
    expect(plan.merged).toBe(0);
  });

  it('does not count a page loaded from another page for what that page has loaded already', () => {
    const plan = planChunks(
      graphOf({
        '/index.html': [10, ['/main']],
        '/main': [100, [], ['/page']],
        '/page': [100, ['/card'], ['/side']],
        '/side': [100, ['/card', '/form']],
        '/card': [100, []],
        '/form': [100, []],
      }),
      new Set(['/index.html', '/main']),
      0,
    );
    // /card is in memory whenever /side loads (only /page loads it): it goes with /page, by Rolldown.
    expect(chunksOf(plan.names)).toEqual([]);
  });

  it('makes no merge after which two chunks would import each other', () => {
    const plan = planChunks(
      graphOf({
        '/index.html': [10, ['/main']],
        '/main': [100, [], ['/a', '/b', '/c', '/d']],
        '/a': [5000, ['/small']],
        '/b': [5000, ['/big']],
        '/c': [5000, ['/mid']],
        '/d': [5000, ['/small']],
        // /small imports /mid, which imports /big: merged into /big, /small would import /mid, which
        // imports it. It goes into /mid, which brings no code /a and /d do not need.
        '/small': [100, ['/mid']],
        '/mid': [5000, ['/big']],
        '/big': [5000, []],
      }),
      new Set(['/index.html', '/main']),
      1000,
    );
    expect(chunksOf(plan.names)).toEqual([['/big'], ['/mid', '/small']]);
    expect(plan.cycle).toBeUndefined();
  });
});

describe("the modules a build's module takes from a package's index", () => {
  it('reads the names each statement imports or re-exports', () => {
    expect(importedNames('import a, { b as c } from "x";\nimport * as ns from "y";\nimport "z";\nexport { q } from "w";\nimport { d } from "x";')).toEqual(
      new Map([
        ['x', new Set(['b', 'default', 'd'])],
        ['y', new Set(['*'])],
        ['z', new Set()],
        ['w', new Set(['q'])],
      ]),
    );
  });

  it('follows a name through an index that only re-exports it (the build keeps no code of that index)', () => {
    const facts = {
      '/app/page.ts': {
        code: 'import { useQuery } from "pkg";\nimport { helper } from "./helper";',
        imports: ['/node_modules/pkg/index.js', '/app/helper.ts'],
        exports: ['Page'],
      },
      '/app/helper.ts': { code: '', imports: [], exports: ['helper'] },
      '/node_modules/pkg/index.js': {
        code: 'export { useQuery } from "./query.js";\nexport { useMutation } from "./mutation.js";',
        imports: ['/node_modules/pkg/query.js', '/node_modules/pkg/mutation.js'],
        exports: ['useQuery', 'useMutation'],
      },
      '/node_modules/pkg/query.js': { code: '', imports: [], exports: ['useQuery'] },
      '/node_modules/pkg/mutation.js': { code: '', imports: [], exports: ['useMutation'] },
    } as Record<string, { code: string; imports: string[]; exports: string[] }>;
    const graph = moduleGraph(
      (id) =>
        facts[id] ? { code: facts[id].code, exports: facts[id].exports, isEntry: false, importedIds: facts[id].imports, dynamicallyImportedIds: [] } : null,
      new Set(['/app/page.ts', '/app/helper.ts', '/node_modules/pkg/query.js', '/node_modules/pkg/mutation.js']),
    );
    expect(graph.get('/app/page.ts')!.imports).toEqual(['/node_modules/pkg/query.js', '/app/helper.ts']);
  });
});
