import { describe, expect, it } from 'vitest';
import { pageModuleAt, preloadPage, routes } from './routes';

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
});
