import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LISTING_PAGE_PATH, pageModuleAt, preloadPage, routes, SERVER_PAGE_PATHS, serverRoutes } from './routes';

/** Every page path of the route table, with a made-up id where the path has one. */
function pagePaths(): string[] {
  const layout = routes[0]!;
  return (layout.children ?? []).flatMap((route) => (route.path && route.path !== '*' && route.handle ? [route.path.replace(':id', 'abc')] : []));
}

describe('the route table', () => {
  it('names, for every page, a module that exports its page component', async () => {
    const paths = pagePaths();
    expect(paths.length).toBeGreaterThan(15);
    for (const path of paths) {
      const module = pageModuleAt(path);
      expect(module, path).toMatch(/^src\/(features\/[a-z-]+\/components\/.+|app\/pages\/[a-z-]+)-page\.tsx$/);
      const [loaded] = (await Promise.all([preloadPage(path)])) as [unknown[]];
      expect(loaded.every((component) => typeof component === 'function'), path).toBe(true);
    }
  }, 60_000);

  it('shows no page module for a path that only redirects', () => {
    expect(pageModuleAt('/nowhere')).toBeUndefined();
    expect(pageModuleAt('/browse')).toBe('src/features/listings/components/browse-page.tsx');
    expect(pageModuleAt('/l/xyz')).toBe('src/features/listings/components/listing-detail-page.tsx');
  });

  it("draws every page the server draws with the browser's own routes, and only those", () => {
    const drawn = [...SERVER_PAGE_PATHS, LISTING_PAGE_PATH.replace(':id', '3f1c2a9e-8b7d-4c6e-9a1f-0d2b3c4e5f60')];
    const elementsAt = (table: typeof routes, path: string) => (matchRoutes(table, path) ?? []).map((match) => match.route.element);
    for (const path of drawn) {
      const inBrowser = elementsAt(routes, path);
      expect(inBrowser.length, path).toBe(2);
      expect(elementsAt(serverRoutes, path), path).toEqual(inBrowser);
      expect(elementsAt(serverRoutes, path)[1], path).toBe(inBrowser[1]);
    }
    const layout = serverRoutes[0]!;
    expect(layout.children?.length).toBe(drawn.length);
    expect(matchRoutes(serverRoutes, '/wallet')).toBeNull();
  });
});
