import { describe, expect, it } from 'vitest';
import { isAppPath } from './app-paths.ts';

describe('isAppPath', () => {
  it('knows the app routes, an id standing for one segment, with or without a trailing slash', () => {
    for (const path of ['/', '/browse', '/browse/', '/l/abc', '/chat/abc', '/chat', '/wallet/return', '/post/owner']) expect(isAppPath(path), path).toBe(true);
  });

  it('knows no other path', () => {
    for (const path of ['/l', '/l/', '/l/a/b', '/browsex', '/post', '/chat/a/b', '/admin/x', '/api/docs']) expect(isAppPath(path), path).toBe(false);
  });
});
