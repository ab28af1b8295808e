import { describe, expect, it } from 'vitest';
import type { BuildManifest } from './build-manifest';
import { allPageFiles } from './page-files';

describe('the files each page brings (dist/page-files.json)', () => {
  const manifest: BuildManifest = {
    'index.html': {
      file: 'assets/index-A.js',
      css: ['assets/index-A.css'],
      imports: ['_shared-S.js'],
      dynamicImports: ['src/browse-page.tsx', 'src/detail-page.tsx'],
    },
    '_shared-S.js': { file: 'assets/shared-S.js' },
    'src/browse-page.tsx': { file: 'assets/browse-B.js', css: ['assets/browse-B.css'], imports: ['index.html', '_card-C.js'], isDynamicEntry: true },
    '_card-C.js': { file: 'assets/card-C.js', css: ['assets/card-C.css'], imports: ['_shared-S.js'] },
    'src/detail-page.tsx': {
      file: 'assets/detail-D.js',
      imports: ['index.html', '_card-C.js'],
      dynamicImports: ['src/detail-aside.tsx'],
      isDynamicEntry: true,
    },
    'src/detail-aside.tsx': { file: 'assets/aside-E.js', css: ['assets/aside-E.css'], isDynamicEntry: true },
    'src/sheet.tsx': { file: 'assets/sheet-F.js', css: ['assets/sheet-F.css'], isDynamicEntry: true },
  };

  it("names each page's scripts and styles beyond the entry's, with the styles of the parts it loads later", () => {
    expect(allPageFiles(manifest)).toEqual({
      'src/browse-page.tsx': { scripts: ['/assets/browse-B.js', '/assets/card-C.js'], styles: ['/assets/browse-B.css', '/assets/card-C.css'] },
      // The side of the page is drawn on the server too: its styles come with the page, its code later.
      'src/detail-page.tsx': { scripts: ['/assets/detail-D.js', '/assets/card-C.js'], styles: ['/assets/card-C.css', '/assets/aside-E.css'] },
    });
  });

  it('puts URLs under the base the app is served from', () => {
    expect(allPageFiles(manifest, '/app/')['src/browse-page.tsx']!.scripts[0]).toBe('/app/assets/browse-B.js');
  });
});
