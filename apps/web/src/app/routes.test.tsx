import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_TABLE, serverPageAt } from './page-table';
import { pageModuleAt, preloadPage, routes, serverRoutesFor } from './routes';

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
      expect(
        loaded.every((component) => typeof component === 'function'),
        path,
      ).toBe(true);
    }
  }, 60_000);

  it('shows no page module for a path that only redirects', () => {
    expect(pageModuleAt('/nowhere')).toBeUndefined();
    expect(pageModuleAt('/browse')).toBe('src/features/listings/components/browse-page.tsx');
    expect(pageModuleAt('/l/xyz')).toBe('src/features/listings/components/listing-detail-page.tsx');
  });

  it("draws every page of the page table with the browser's own routes, each page's table holding it alone", () => {
    const id = '3f1c2a9e-8b7d-4c6e-9a1f-0d2b3c4e5f60';
    const elementsAt = (table: typeof routes, path: string) => (matchRoutes(table, path) ?? []).map((match) => match.route.element);
    for (const page of PAGE_TABLE) {
      const path = page.path.replace(':id', id);
      const inBrowser = elementsAt(routes, path);
      expect(inBrowser.length, path).toBe(2);
      const table = serverRoutesFor(page.path);
      expect(elementsAt(table, path), path).toEqual(inBrowser);
      expect(elementsAt(table, path)[1], path).toBe(inBrowser[1]);
      expect(table[0]!.children?.length, path).toBe(1);
      expect(serverRoutesFor(page.path)).toBe(table);
      expect(matchRoutes(table, '/wallet')).toBeNull();
    }
    expect(() => serverRoutesFor('/wallet')).toThrow(/not a page of the page table/);
  });
});

describe('the page table', () => {
  it('finds a drawn page by its path, with its parameters decoded; no other path', () => {
    expect(serverPageAt('/browse')?.page.head).toBe('browse');
    expect(serverPageAt('/l/a%20b')).toMatchObject({ page: { head: 'listing' }, params: { id: 'a b' } });
    // A parameter that does not decode: the listing page, with no id (it answers 404).
    expect(serverPageAt('/l/%E0')).toMatchObject({ page: { head: 'listing' }, params: { id: '' } });
    for (const path of ['/wallet', '/l/', '/l/a/b', '/browse/x', '/admin']) expect(serverPageAt(path), path).toBeNull();
  });
});
