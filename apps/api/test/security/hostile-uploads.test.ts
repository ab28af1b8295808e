import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createListingsTestApp, testImage, uploadRaw } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { useTestApp } from '../support/use-test-app.ts';

/**
 * Uploads: the cases test/uploads/uploads.test.ts does not name. A truncated
 * JPEG, an empty file and a JPEG header alone are a clear 4xx with nothing stored (no row, no file).
 */
const t = useTestApp(createListingsTestApp);
let owner: SignedIn;

beforeAll(async () => {
  owner = await signUp(t, { userType: 'landlord' });
});

function storedFiles(): number {
  const dir = path.join(t.env.dataDir, 'uploads');
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true }).length;
}

async function storedRows(): Promise<number> {
  const [row] = await t.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads');
  return row!.n;
}

describe('broken images', () => {
  it('a truncated JPEG, an empty file and a bare JPEG header: 4xx, nothing stored', async () => {
    const jpeg = await testImage({ width: 400, height: 300 });
    const cases: Array<[string, Buffer]> = [
      ['truncated to half', jpeg.subarray(0, Math.floor(jpeg.length / 2))],
      ['truncated after the header', jpeg.subarray(0, 200)],
      ['empty', Buffer.alloc(0)],
      ['SOI marker only', Buffer.from([0xff, 0xd8, 0xff])],
    ];
    const rows = await storedRows();
    const files = storedFiles();
    for (const [name, content] of cases) {
      const res = await uploadRaw(t, owner, content, { filename: 'photo.jpg', contentType: 'image/jpeg' });
      expect(res.statusCode, `${name}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, name).toBeLessThan(500);
      expect(res.json().ok).toBe(false);
    }
    expect(await storedRows()).toBe(rows);
    expect(storedFiles()).toBe(files);
    // The control: the whole file is accepted.
    expect((await uploadRaw(t, owner, jpeg)).statusCode).toBe(201);
  });
});
