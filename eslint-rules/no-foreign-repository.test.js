import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import rule from './no-foreign-repository.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } });
const favourites = '/repo/apps/api/src/modules/favourites/favourites.service.ts';

tester.run('no-foreign-repository', rule, {
  valid: [
    // Its own repository, and another module's public surface.
    { filename: favourites, code: "import { listFavourites } from './favourites.repository.ts';" },
    { filename: favourites, code: "import { CARD_COLUMNS } from '../listings/listing-rows.ts';" },
    // The Drizzle schema is below every module.
    { filename: favourites, code: "import { listings } from '../../db/schema/listings.ts';" },
    // Outside modules/ the rule does not apply.
    { filename: '/repo/apps/api/src/app.ts', code: "import { browseListings } from './modules/listings/listings.repository.ts';" },
  ],
  invalid: [
    {
      filename: favourites,
      code: "import { browseListings } from '../listings/listings.repository.ts';",
      errors: [{ messageId: 'foreign', data: { module: 'favourites', owner: 'listings', file: 'listings.repository.ts' } }],
    },
    {
      // Any repository file of the other module, through a type import, a re-export or import().
      filename: favourites,
      code: [
        "import type { IndexRow } from '../listings/live-listings.repository.ts';",
        "export { browseListings } from '../listings/listings.repository.ts';",
        "const later = () => import('../listings/listings.repository.ts');",
      ].join('\n'),
      errors: [{ messageId: 'foreign' }, { messageId: 'foreign' }, { messageId: 'foreign' }],
    },
  ],
});
