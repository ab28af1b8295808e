/**
 * A module's repository (`modules/<m>/*.repository.ts`) is its own: only files of module <m>
 * import it. Another module reads and writes through <m>'s small public surface (a service or a
 * file named for what it offers, such as `users/user-rows.ts` or `wallet/wallet-balance.ts`) or
 * through a shared module (`audit`, `moderation-cases`, `listing-hiding`, ...), so a table's
 * queries have one owner and a change to them is made in one place.
 *
 * Checks static imports, re-exports and dynamic imports with a literal path, in files under a
 * `modules/<m>/` folder.
 */
import path from 'node:path';

const MODULE_OF = /[\\/]modules[\\/]([^\\/]+)[\\/]/;
const REPOSITORY = /\.repository\.ts$/;

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: "Disallow importing another module's *.repository.ts." },
    schema: [],
    messages: {
      foreign: "The {{module}} module may not import the {{owner}} module's repository ({{file}}): use {{owner}}'s public surface or a shared module.",
    },
  },
  create(context) {
    const filename = context.filename;
    const own = MODULE_OF.exec(filename)?.[1];
    if (!own) return {};
    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(filename), source);
      const owner = MODULE_OF.exec(target)?.[1];
      if (!owner || owner === own || !REPOSITORY.test(target)) return;
      context.report({ node, messageId: 'foreign', data: { module: own, owner, file: path.basename(target) } });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
