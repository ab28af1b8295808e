import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import rule from './no-module-cycle.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

// A modules folder on disk, as the rule reads it: listings → refunds (a type) → wallet → listings
// closes a cycle; favourites → listings does not; a test file's imports are not the module's.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'no-module-cycle-'));
const modules = path.join(root, 'src', 'modules');
const files = {
  'listings/listings.service.ts': "import { refund } from '../refunds/refunds.service.ts';\n",
  'refunds/refunds.service.ts': "import type { Ledger } from '../wallet/ledger.ts';\n",
  'wallet/ledger.ts': "export { ownerOf } from '../listings/listing-rows.ts';\n",
  'listings/listing-rows.ts': 'export const ownerOf = 1;\n',
  'favourites/favourites.service.ts': "import { ownerOf } from '../listings/listing-rows.ts';\n",
  'favourites/favourites.test.ts': "import { x } from '../wallet/ledger.ts';\n",
  'users/user-rows.ts': 'export const findUser = 1;\n',
};
for (const [file, text] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(modules, file)), { recursive: true });
  fs.writeFileSync(path.join(modules, file), text);
}
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const at = (file) => path.join(modules, file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } });

tester.run('no-module-cycle', rule, {
  valid: [
    // favourites builds on listings; nothing in listings reaches favourites.
    { filename: at('favourites/favourites.service.ts'), code: files['favourites/favourites.service.ts'] },
    // An import inside the module, and one of a module that imports nothing back.
    { filename: at('listings/listings.service.ts'), code: "import { ownerOf } from './listing-rows.ts';\nimport { findUser } from '../users/user-rows.ts';" },
    // Test files are outside the graph.
    { filename: at('wallet/ledger.test.ts'), code: "import { refund } from '../refunds/refunds.service.ts';" },
    // Files outside modules/ (app.ts composes every module).
    { filename: path.join(root, 'src', 'app.ts'), code: "import { refund } from './modules/refunds/refunds.service.ts';" },
  ],
  invalid: [
    {
      // A value import that closes listings → refunds → wallet → listings.
      filename: at('listings/listings.service.ts'),
      code: files['listings/listings.service.ts'],
      errors: [{ messageId: 'cycle', data: { module: 'listings', other: 'refunds', way: 'listings → refunds → wallet → listings' } }],
    },
    {
      // The type-only import on the way counts: types are part of what a module needs.
      filename: at('refunds/refunds.service.ts'),
      code: files['refunds/refunds.service.ts'],
      errors: [{ messageId: 'cycle', data: { module: 'refunds', other: 'wallet', way: 'refunds → wallet → listings → refunds' } }],
    },
    {
      // A re-export and a dynamic import count as imports; one report per other module.
      filename: at('wallet/ledger.ts'),
      code: "export { ownerOf } from '../listings/listing-rows.ts';\nconst again = () => import('../listings/listings.service.ts');",
      errors: [{ messageId: 'cycle', data: { module: 'wallet', other: 'listings', way: 'wallet → listings → refunds → wallet' } }],
    },
  ],
});
