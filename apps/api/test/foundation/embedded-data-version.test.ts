import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/client.ts';

describe('the embedded database folder', () => {
  it('written by an older PostgreSQL major: the start stops with what to do, and the folder is left as it was', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-old-data-'));
    fs.mkdirSync(path.join(dataDir, 'pg'));
    fs.writeFileSync(path.join(dataDir, 'pg', 'PG_VERSION'), '17\n');
    await expect(openPglite({ dataDir })).rejects.toThrow(/written by PostgreSQL 17.*cannot open it.*docs\/deploy\.md/);
    expect(fs.readdirSync(path.join(dataDir, 'pg'))).toEqual(['PG_VERSION']);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
