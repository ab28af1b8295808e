import { describe, expect, it } from 'vitest';
import { APP_PATHS } from '@betoch/contracts/app-paths';
import { routes } from './routes';

// The server redirects every path outside APP_PATHS to / (apps/api/src/plugins/web-app.ts): the
// list must hold exactly the paths of the route table, or a page would become unreachable.
describe('APP_PATHS', () => {
  it('is exactly the route table of the app', () => {
    const table = (routes[0]!.children ?? []).flatMap((route) => (route.path && route.path !== '*' ? [route.path] : []));
    expect([...APP_PATHS].sort()).toEqual([...table].sort());
  });
});
