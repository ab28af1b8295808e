import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * The client build's chunks, laid out for few script files per page: what Rollup's
 * `experimentalMinChunkSize` did under Vite 7. Rolldown (Vite 8) has no such option; left to itself
 * it makes a chunk of every set of modules that the same pages share, down to a few hundred bytes
 * (/browse loaded 40 script files, /l/{id} 33), and each file is a round trip on a phone over 3G.
 * Build-time code, loaded by vite.config.ts in Node. Why it stays rather than Rolldown's own
 * `codeSplitting` groups, with the figures: docs/decisions/0019-the-chunk-planner-stays.md.
 *
 * The plan (`planChunks`), handed to Rolldown as one `output.codeSplitting` group per chunk:
 * 1. Each entry (the HTML page, and each module loaded with `import()`) reaches modules through
 *    static imports; those are the module's entries. An entry loaded with `import()` does not count
 *    for a module already in memory whenever it is imported (the shell's modules, for a page).
 * 2. Modules with the same entries make one chunk: they are always loaded together. Except for the
 *    first pages (`firstPages`: those a phone opens first, and the parts they load at once): the
 *    modules such a page shares with other pages make one chunk for each set of first pages that
 *    need them, so a first page loads its own chunk and at most one more for each such set, with no
 *    code it does not need; the other pages that need one of those modules load the whole chunk.
 * 3. Any other chunk of less than `minSize` bytes (its modules' code before minification) is
 *    merged, the smallest first, into the chunk for which the merge adds the least code that some
 *    entry loads without needing it: never into a first pages' chunk or a chunk holding an entry,
 *    never a merge after which chunks would import each other in a cycle.
 *
 * Unlike Rollup, the plan does not check which modules have side effects at their top level: a
 * module in a merged chunk, or in a chunk of the first pages, may run when a page loads that does
 * not use it. The app's modules outside the shell only declare things there (main.tsx and app.tsx,
 * which call functions at their top level, are in the shell's chunk).
 */

/** A module of the build: its code's size and the modules it imports. */
export interface GraphModule {
  size: number;
  isEntry: boolean;
  imports: readonly string[];
  dynamicImports: readonly string[];
}

export type ModuleGraph = ReadonlyMap<string, GraphModule>;

/** What the plan reads of Rolldown's module info. */
interface ModuleFacts {
  code: string | null;
  exports: readonly string[];
  isEntry: boolean;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}

const IMPORT_STATEMENT = /\b(?:import|export)\s*(?:([\w$*{][^'";]*?)\s*from\s*)?["']([^"']+)["']/g;

/**
 * What a module's code takes from each module it imports (or re-exports from), by the module's
 * name in the code: the names, '*' for the whole module, 'default'.
 */
export function importedNames(code: string): Map<string, Set<string>> {
  const bySpecifier = new Map<string, Set<string>>();
  for (const [, clause = '', specifier] of code.matchAll(IMPORT_STATEMENT)) {
    const names = bySpecifier.get(specifier!) ?? new Set<string>();
    bySpecifier.set(specifier!, names);
    const braces = /\{([^}]*)\}/.exec(clause);
    for (const item of braces?.[1]!.split(',') ?? []) {
      const name = item
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]!
        .trim();
      if (name) names.add(name);
    }
    const outside = clause.replace(/\{[^}]*\}/, '').trim();
    if (outside.includes('*')) names.add('*');
    else if (/^[\w$]+/.test(outside)) names.add('default');
  }
  return bySpecifier;
}

/** Whether `id` is the module that `specifier`, written in `importer`, names (for a relative path or a package). */
function isModuleOf(specifier: string, id: string, importer: string): boolean {
  if (specifier.startsWith('.')) return id.startsWith(path.resolve(path.dirname(importer), specifier));
  const pkg = /^(@[^/]+\/)?[^/]+/.exec(specifier)?.[0];
  return pkg !== undefined && id.includes(`/node_modules/${pkg}/`);
}

/**
 * The graph of the modules the build keeps (`included`). A module it drops passes on what its
 * importers take from it: a package's index that only re-exports hands on the modules that export
 * the names imported (so a page that takes `useQuery` from '@tanstack/react-query' does not reach
 * `useMutation`); any other dropped module hands on all it imports.
 */
export function moduleGraph(getModuleInfo: (id: string) => ModuleFacts | null, included: ReadonlySet<string>): ModuleGraph {
  const reachedThrough = (id: string, names: ReadonlySet<string>, found: Set<string>, seen: Set<string>) => {
    const key = `${id}\0${[...names].sort().join(',')}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (included.has(id)) {
      found.add(id);
      return;
    }
    const facts = getModuleInfo(id);
    if (!facts) return;
    const whole = () => {
      for (const next of facts.importedIds) reachedThrough(next, new Set(['*']), found, seen);
    };
    if (names.has('*')) return whole();
    for (const name of names) {
      // A name this module does not export comes from another of the importer's imports.
      if (!facts.exports.includes(name) && !facts.exports.includes('*')) continue;
      const providers = facts.importedIds.filter((next) => {
        const exported = getModuleInfo(next)?.exports ?? [];
        return exported.includes(name) || (!included.has(next) && exported.includes('*'));
      });
      if (providers.length === 0) {
        if (facts.exports.includes(name)) return whole();
        continue;
      }
      for (const next of providers) reachedThrough(next, new Set([name]), found, seen);
    }
  };
  const graph = new Map<string, GraphModule>();
  for (const id of included) {
    const facts = getModuleInfo(id);
    if (!facts) continue;
    // A module the code's statements do not name plainly (an alias) is asked for every name.
    const statements = [...importedNames(facts.code ?? '')];
    const all = new Set(statements.flatMap(([, taken]) => [...taken]));
    const found = new Set<string>();
    const seen = new Set<string>();
    for (const imported of facts.importedIds) {
      if (included.has(imported)) {
        found.add(imported);
        continue;
      }
      const matching = statements.filter(([specifier]) => isModuleOf(specifier, imported, id));
      reachedThrough(imported, matching.length > 0 ? new Set(matching.flatMap(([, taken]) => [...taken])) : all, found, seen);
    }
    graph.set(id, {
      size: facts.code?.length ?? 0,
      isEntry: facts.isEntry,
      imports: [...found],
      dynamicImports: facts.dynamicallyImportedIds.filter((imported) => included.has(imported)),
    });
  }
  return graph;
}

interface Chunk {
  modules: string[];
  /** This chunk's modules, as bits (one bit for each module of the graph). */
  own: bigint;
  /** Modules in memory whenever this chunk is loaded, as bits. */
  correlated: bigint;
  size: number;
  /** The entry module this chunk holds, if any. */
  entry: string | null;
  /** Whether a first page loads it. */
  first: boolean;
  dependencies: Set<Chunk>;
  dependents: Set<Chunk>;
}

/**
 * The chunks of a build: the chunk's name for each module, how many chunks there were before and
 * how many small ones were merged into others; or, if two chunks would import each other (in a
 * cycle, which may run a module before one it imports), no names and a module of each chunk.
 */
export interface ChunkPlan {
  names: Map<string, string>;
  chunks: number;
  merged: number;
  cycle?: string[];
}

/** A cycle of chunks, each named by a module; none if the chunks import each other in no cycle. */
function findCycle(chunks: ReadonlySet<Chunk>): Chunk[] | null {
  const done = new Set<Chunk>();
  const path: Chunk[] = [];
  const visit = (chunk: Chunk): Chunk[] | null => {
    if (done.has(chunk)) return null;
    const at = path.indexOf(chunk);
    if (at >= 0) return path.slice(at);
    path.push(chunk);
    for (const dependency of chunk.dependencies) {
      const cycle = visit(dependency);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(chunk);
    return null;
  };
  for (const chunk of chunks) {
    const cycle = visit(chunk);
    if (cycle) return cycle;
  }
  return null;
}

/**
 * Plans the chunks of `graph`. `initial`: the modules Rolldown found the static entries import
 * (following only the names imported, where the graph reaches all of a package through its index);
 * when empty, the graph's static imports are followed.
 */
export function planChunks(graph: ModuleGraph, initial: ReadonlySet<string>, minSize: number, first: readonly string[] = []): ChunkPlan {
  const staticEntries = [...graph.keys()].filter((id) => graph.get(id)!.isEntry).sort();
  // Every module the static entries reach, and every entry.
  const entries = [...staticEntries];
  const modules: string[] = [];
  const seen = new Set(staticEntries);
  for (const id of seen) {
    modules.push(id);
    const { imports, dynamicImports } = graph.get(id)!;
    for (const imported of imports) seen.add(imported);
    for (const imported of dynamicImports) {
      if (!entries.includes(imported)) entries.push(imported);
      seen.add(imported);
    }
  }
  const bit = new Map(modules.map((id, i) => [id, 1n << BigInt(i)]));
  const bitsOf = (ids: Iterable<string>) => {
    let bits = 0n;
    for (const id of ids) bits |= bit.get(id) ?? 0n;
    return bits;
  };
  const isStatic = (e: number) => e < staticEntries.length;

  // 1. The modules each entry reaches through static imports.
  const reached = entries.map((entry, e) => {
    if (isStatic(e) && initial.size > 0) return bitsOf(initial) | bit.get(entry)!;
    const walk = new Set([entry]);
    for (const id of walk) {
      // The static entries' modules import nothing beyond them (and the graph may see more there).
      if (initial.has(id) && id !== entry) continue;
      for (const imported of graph.get(id)!.imports) walk.add(imported);
    }
    return bitsOf(walk);
  });
  const entriesOf = (id: string) => entries.flatMap((_, e) => ((reached[e]! & bit.get(id)!) !== 0n ? [e] : []));
  const dynamicImporters = new Map<string, string[]>();
  for (const id of modules) {
    for (const imported of graph.get(id)!.dynamicImports) dynamicImporters.set(imported, [...(dynamicImporters.get(imported) ?? []), id]);
  }
  // The modules surely in memory when an entry is imported: for a static entry none; for one
  // loaded with import(), those that every entry of every module importing it has in memory
  // (its own, or already). Repeated until nothing changes.
  const ALL = -1n;
  const loaded = entries.map((_, e): bigint => (isStatic(e) ? 0n : ALL));
  for (let changed = true; changed;) {
    changed = false;
    for (const [e, entry] of entries.entries()) {
      if (isStatic(e)) continue;
      let bits = ALL;
      for (const importer of dynamicImporters.get(entry) ?? []) {
        for (const f of entriesOf(importer)) bits &= reached[f]! | loaded[f]!;
      }
      if (bits !== loaded[e]) {
        loaded[e] = bits;
        changed = true;
      }
    }
  }

  // 2. One chunk for each set of entries; of the modules that a first page needs, one chunk for
  // each set of first pages (other pages that need one of them load all of it).
  const firstPages = new Set(first.map((id) => entries.indexOf(id)).filter((e) => e >= 0));
  const bySignature = new Map<string, Chunk>();
  const chunkOf = new Map<string, Chunk>();
  for (const id of modules) {
    const own = entriesOf(id).filter((e) => (loaded[e]! & bit.get(id)!) === 0n);
    const firstOwn = own.filter((e) => firstPages.has(e));
    const signature = firstOwn.length > 0 && own.length > 1 ? `first:${firstOwn.join(',')}` : own.join(',');
    let chunk = bySignature.get(signature);
    if (!chunk) {
      chunk = { modules: [], own: 0n, correlated: ALL, size: 0, entry: null, first: firstOwn.length > 0, dependencies: new Set(), dependents: new Set() };
      bySignature.set(signature, chunk);
    }
    for (const e of own) chunk.correlated &= reached[e]! | loaded[e]!;
    chunk.modules.push(id);
    chunk.own |= bit.get(id)!;
    chunk.size += graph.get(id)!.size;
    if (entries.includes(id)) chunk.entry ??= id;
    chunkOf.set(id, chunk);
  }
  const chunks = new Set(bySignature.values());
  for (const chunk of chunks) {
    for (const id of chunk.modules) {
      for (const imported of graph.get(id)!.imports) {
        // The shell's modules import nothing beyond the shell: an import the graph sees there is one
        // Rolldown dropped from the shell (react-i18next's context.js re-exports defaults.js, which
        // only the pages use).
        if (initial.has(id) && !initial.has(imported)) continue;
        const dependency = chunkOf.get(imported)!;
        if (dependency === chunk) continue;
        chunk.dependencies.add(dependency);
        dependency.dependents.add(chunk);
      }
    }
  }
  const planned = chunks.size;

  // 3. The small chunks merged.
  const sizeOfBits = (bits: bigint, limit: number) => {
    let total = 0;
    for (const [i, id] of modules.entries()) {
      if ((bits >> BigInt(i)) & 1n) total += graph.get(id)!.size;
      if (total >= limit) return Infinity;
    }
    return total;
  };
  // The code that loading `chunk` (with what it imports) brings to an entry of `other` that may not
  // need it; Infinity if merging the two would make a cycle (`chunk` imports `other` through a third).
  const unneeded = (chunk: Chunk, other: Chunk, limit: number) => {
    let bits = chunk.own;
    const walk = new Set([...chunk.dependencies].filter((dependency) => dependency !== other));
    for (const dependency of walk) {
      bits |= dependency.own;
      for (const next of dependency.dependencies) {
        if (next === other) return Infinity;
        walk.add(next);
      }
    }
    return sizeOfBits(bits & ~other.correlated, limit);
  };
  const small = [...chunks].filter((chunk) => chunk.size < minSize).sort((a, b) => a.size - b.size);
  let merged = 0;
  for (const chunk of small) {
    if (!chunks.has(chunk) || chunk.size >= minSize || chunk.first || chunk.entry) continue;
    let best: Chunk | null = null;
    let bestCost = Infinity;
    for (const target of chunks) {
      if (target === chunk || target.first || target.entry) continue;
      const there = unneeded(chunk, target, bestCost);
      const cost = there + unneeded(target, chunk, bestCost - there);
      if (cost < bestCost) {
        best = target;
        bestCost = cost;
        if (cost === 0) break;
      }
    }
    if (!best) continue;
    merged++;
    chunks.delete(chunk);
    best.modules.push(...chunk.modules);
    best.own |= chunk.own;
    best.size += chunk.size;
    best.correlated &= chunk.correlated;
    best.entry ??= chunk.entry;
    for (const dependency of chunk.dependencies) {
      dependency.dependents.delete(chunk);
      if (dependency === best) continue;
      best.dependencies.add(dependency);
      dependency.dependents.add(best);
    }
    for (const dependent of chunk.dependents) {
      dependent.dependencies.delete(chunk);
      if (dependent === best) continue;
      dependent.dependencies.add(best);
      best.dependents.add(dependent);
    }
    // Still small: it is tried again.
    if (best.size < minSize) small.push(best);
  }

  const cycle = findCycle(chunks);
  if (cycle) return { names: new Map(), chunks: planned, merged, cycle: cycle.map((chunk) => chunk.entry ?? chunk.modules[0]!) };

  // Each chunk is named after its biggest module; a group's name is the chunk it makes, so two
  // chunks never share one. An entry's chunk has no name: Rolldown makes it itself (a chunk made by
  // a group is a plain one, which the build manifest would not list under the page's module).
  const names = new Map<string, string>();
  const taken = new Set(['index']);
  for (const chunk of chunks) {
    if (chunk.entry) continue;
    const biggest = chunk.modules.reduce((a, b) => (graph.get(b)!.size > graph.get(a)!.size ? b : a));
    const base =
      path
        .basename(biggest)
        .replace(/\?.*$/, '')
        .replace(/(\.module)?\.[^.]*$/, '')
        .replace(/[^\w-]/g, '') || 'chunk';
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
    taken.add(name);
    for (const id of chunk.modules) names.set(id, name);
  }
  return { names, chunks: planned, merged };
}

export interface SmallChunksOptions {
  /** Chunks smaller than this (bytes of code before minification) are merged into others. */
  minSize: number;
  /** The pages a phone opens first (modules under the app's root): each loads no code it does not need, in the fewest files. */
  firstPages: string[];
}

/**
 * The `output.codeSplitting` option that lays out the chunks as `planChunks` plans them. Rolldown
 * asks the groups in order: the first names each module the static entries import (the shell's
 * chunk), then the second is asked `test` for every module before its first `name`.
 */
function codeSplitting({ minSize, firstPages }: SmallChunksOptions, root: () => string, report: (plan: ChunkPlan) => void) {
  let initial = new Set<string>();
  let included = new Set<string>();
  let plan: ChunkPlan | null = null;
  return {
    // A module goes where its own name puts it, not with the module that imports it.
    includeDependenciesRecursively: false,
    groups: [
      {
        debugName: 'shell',
        tags: ['$initial' as const],
        name: (id: string) => {
          if (plan) {
            plan = null;
            initial = new Set();
            included = new Set();
          }
          initial.add(id);
          return 'index';
        },
      },
      {
        debugName: 'planned chunks',
        test: (id: string) => {
          included.add(id);
          return true;
        },
        name: (id: string, ctx: { getModuleInfo: (id: string) => ModuleFacts | null }) => {
          if (!plan) {
            const graph = moduleGraph((at) => ctx.getModuleInfo(at), new Set([...initial, ...included]));
            plan = planChunks(
              graph,
              initial,
              minSize,
              firstPages.map((page) => path.resolve(root(), page)),
            );
            report(plan);
          }
          return plan.names.get(id) ?? null;
        },
      },
    ],
  };
}

/** The client build's chunks laid out by `planChunks`. */
export function smallChunksPlugin(options: SmallChunksOptions): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'betoch:small-chunks',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: codeSplitting(
              options,
              () => config.root,
              ({ chunks, merged, cycle }) =>
                cycle
                  ? config.logger.warn(`small chunks: the plan has chunks importing each other (${cycle.join(' -> ')}); Rolldown's own chunks are used`)
                  : config.logger.info(`small chunks: ${chunks} planned, ${merged} of them merged into others`),
            ),
          },
        },
      },
    }),
    configResolved(resolved) {
      config = resolved;
    },
  };
}
