import { describe, expect, it } from 'vitest';
import { precacheUrls, type BuildManifest } from './build-manifest';

describe('precache list', () => {
  const manifest: BuildManifest = {
    'index.html': { file: 'assets/index-A.js', css: ['assets/index-A.css'], imports: ['_shared-S.js'] },
    '_shared-S.js': { file: 'assets/shared-S.js' },
    'src/browse-page.tsx': { file: 'assets/browse-B.js', css: ['assets/browse-B.css'], imports: ['index.html', '_photo-P.js'] },
    '_photo-P.js': { file: 'assets/photo-P.js' },
    'src/detail-page.tsx': { file: 'assets/detail-D.js', imports: ['index.html', '_photo-P.js'] },
    'src/wallet-page.tsx': { file: 'assets/wallet-W.js' },
  };
  it('holds the shell and the browse and detail chunks with their imports, not other pages', () => {
    const urls = precacheUrls(manifest, ['src/browse-page.tsx', 'src/detail-page.tsx'], ['/favicon.svg']);
    expect(urls).toEqual([
      '/index.html',
      '/favicon.svg',
      '/assets/browse-B.css',
      '/assets/browse-B.js',
      '/assets/detail-D.js',
      '/assets/index-A.css',
      '/assets/index-A.js',
      '/assets/photo-P.js',
      '/assets/shared-S.js',
    ]);
  });

  it('fails the build when a route is missing from the manifest', () => {
    expect(() => precacheUrls(manifest, ['src/gone.tsx'])).toThrow(/gone/);
  });
});
