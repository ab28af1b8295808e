/**
 * API modules (`modules/<m>/`) form a graph without cycles: when module A imports module B, nothing
 * B imports, directly or through other modules, imports A. A module that needs to tell one above it
 * that something happened publishes an event (lib/domain-events.ts); a piece two modules share
 * moves to the lower one, or to lib/.
 *
 * The graph is read from the files on disk (every `*.ts` under the `modules/` folder the linted
 * file is in, tests left out), once per run; an import is counted at module granularity. Type-only
 * imports count too (`import type`, or every name marked `type`): a type is part of what a module
 * needs of another. The report names the way back, module by module.
 */
import fs from 'node:fs';
import path from 'node:path';

const MODULES = /^(.*[\\/]modules)[\\/]([^\\/]+)[\\/]/;
const IMPORT = /\b(?:import|export)\b(?:\s+type\b)?(?:[^'";]*?\bfrom)?\s*['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;
const TEST = /\.test\.ts$/;

/** modules folder → Map(module → Set(modules it imports)). */
const graphs = new Map();

function sourceFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (entry.name.endsWith('.ts') && !TEST.test(entry.name)) out.push(full);
  }
  return out;
}

function moduleOf(modulesDir, target) {
  const rel = path.relative(modulesDir, target);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  return rel.split(path.sep)[0];
}

function graphOf(modulesDir) {
  let graph = graphs.get(modulesDir);
  if (graph) return graph;
  graph = new Map();
  for (const file of sourceFiles(modulesDir)) {
    const own = moduleOf(modulesDir, file);
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const other = moduleOf(modulesDir, path.resolve(path.dirname(file), match[1] ?? match[2]));
      if (!other || other === own) continue;
      if (!graph.has(own)) graph.set(own, new Set());
      graph.get(own).add(other);
    }
  }
  graphs.set(modulesDir, graph);
  return graph;
}

/** The shortest way from `from` to `to` (breadth first), as a list of modules, or undefined. */
function wayBack(graph, from, to) {
  const cameFrom = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift();
    if (at === to) {
      const way = [];
      for (let m = to; m !== null; m = cameFrom.get(m)) way.unshift(m);
      return way;
    }
    for (const next of graph.get(at) ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, at);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow an import that closes a cycle between API modules.' },
    schema: [],
    messages: {
      cycle:
        'The {{module}} module imports {{other}}, and {{other}} imports {{module}} back ({{way}}): move the shared piece to the lower module or lib/, or publish an event.',
    },
  },
  create(context) {
    const filename = context.filename;
    if (TEST.test(filename)) return {};
    const found = MODULES.exec(filename);
    if (!found) return {};
    const [, modulesDir, own] = found;
    const reported = new Set();
    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const other = moduleOf(modulesDir, path.resolve(path.dirname(filename), source));
      if (!other || other === own || reported.has(other)) return;
      const way = wayBack(graphOf(modulesDir), other, own);
      if (!way) return;
      reported.add(other);
      context.report({ node, messageId: 'cycle', data: { module: own, other, way: [own, ...way].join(' → ') } });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
