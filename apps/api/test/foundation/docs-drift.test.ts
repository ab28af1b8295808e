import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../src/config/env.ts';
import { REPO_ROOT } from '../faults/server-process.ts';

// The operator's documents against the code: what they name must exist, and what the code reads
// must be documented. A failure here means docs/deploy.md, README.md or compose.yaml drifted.
const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
const deployDoc = read('docs/deploy.md');
const docs = [
  'README.md',
  ...fs
    .readdirSync(path.join(REPO_ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Every variable the server reads: the keys of the environment schema in config/env.ts. */
function envVariables(): string[] {
  const source = read('apps/api/src/config/env.ts');
  const schema = source.slice(source.indexOf('const ZEnv = z'), source.indexOf('/** Production sends codes'));
  const keys = [...schema.matchAll(/^ +([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
  expect(keys.length).toBeGreaterThan(30);
  return keys;
}

describe('docs/deploy.md', () => {
  it('names every variable the server reads in its table', () => {
    const table = deployDoc
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .join('\n');
    const missing = envVariables().filter((key) => !table.includes(`\`${key}\``));
    expect(missing).toEqual([]);
  });

  it('names only variables the server reads (no stale row)', () => {
    const known = new Set(envVariables());
    const table = deployDoc.split('\n').filter((line) => line.startsWith('| `'));
    const named = table.flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!));
    expect(named.filter((key) => !known.has(key))).toEqual([]);
  });

  it('names only files of the repository under deploy/', () => {
    const named = [...new Set([...deployDoc.matchAll(/(?<![\w/])deploy\/[\w./-]+\w/g)].map((m) => m[0]))];
    expect(named.length).toBeGreaterThan(3);
    expect(named.filter((file) => !fs.existsSync(path.join(REPO_ROOT, file)))).toEqual([]);
  });

  it('installs Node 24', () => {
    expect(deployDoc).toContain('setup_24.x');
    expect(deployDoc).not.toMatch(/setup_(1\d|2[0-3])\.x/);
  });
});

describe('the npm scripts the documents name', () => {
  it('all exist in package.json', () => {
    const scripts = new Set(Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts));
    const missing = docs.flatMap((file) =>
      [...read(file).matchAll(/npm run ([a-z][\w:-]*)/g)]
        .map((m) => m[1]!)
        .filter((name) => !scripts.has(name))
        .map((name) => `${file}: npm run ${name}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('compose.yaml', () => {
  // Not passed on purpose: NODE_ENV (the Dockerfile sets it), PORT and HOST (the app's defaults,
  // 8080 on every interface, fit a container), DATA_DIR (unused with PostgreSQL and S3), WEB_DIST
  // (built into the image), and SINGLE_SERVER (Compose has Redis).
  const NOT_PASSED = new Set(['NODE_ENV', 'PORT', 'HOST', 'DATA_DIR', 'WEB_DIST', 'SINGLE_SERVER']);

  it('passes every other variable to the app servers', () => {
    const compose = read('compose.yaml');
    const block = compose.slice(compose.indexOf('x-betoch:'), compose.indexOf('\nservices:'));
    const missing = envVariables().filter((key) => !NOT_PASSED.has(key) && !new RegExp(`^ {4}${key}:`, 'm').test(block));
    expect(missing).toEqual([]);
  });

  it('mounts only files that exist, and creates the photo bucket the servers use', () => {
    const compose = read('compose.yaml');
    const mounts = [...compose.matchAll(/- \.\/([\w./-]+):/g)].map((m) => m[1]!);
    expect(mounts.filter((file) => !fs.existsSync(path.join(REPO_ROOT, file)))).toEqual([]);
    const bucket = /S3_BUCKET: (\S+)/.exec(compose)?.[1];
    expect(compose).toContain(`mc mb --ignore-existing local/${bucket}`);
  });
});

describe('compose.yaml with the .env of docs/deploy.md', () => {
  /** The `.env` docs/deploy.md tells a Compose operator to write, each `...` filled with a long value. */
  function documentedDotEnv(): Record<string, string> {
    const block = /cat > \.env <<'ENV'\n([\s\S]*?)\nENV\n/.exec(deployDoc)?.[1];
    expect(block, "docs/deploy.md's .env block").toBeTruthy();
    const pairs = block!.split('\n').map((line) => /^([A-Z][A-Z0-9_]*)=(\S*)/.exec(line.replace(/\s+#.*$/, '')));
    return Object.fromEntries(pairs.filter((m) => m !== null).map((m) => [m[1]!, m[2] === '...' ? 'a-placeholder-of-forty-eight-characters-xxxxxxxx' : m[2]!]));
  }

  /** What Compose hands an app server: the x-betoch environment, ${VAR} and ${VAR:-default} filled from .env. */
  function composeAppEnvironment(dotEnv: Record<string, string>): { env: Record<string, string>; unset: string[] } {
    const compose = read('compose.yaml');
    const block = compose.slice(compose.indexOf('  environment:', compose.indexOf('x-betoch:')), compose.indexOf('\nservices:'));
    const unset: string[] = [];
    const env: Record<string, string> = {};
    for (const [, key, raw] of block.matchAll(/^ {4}([A-Z][A-Z0-9_]*): (.*)$/gm)) {
      const value = raw!
        .replace(/^"(.*)"$/, '$1')
        .replace(/\$\{([A-Z][A-Z0-9_]*)(:-([^}]*))?\}/g, (_m, name: string, hasDefault?: string, fallback?: string) => {
          if (dotEnv[name] !== undefined) return dotEnv[name]!;
          if (hasDefault === undefined) unset.push(name);
          return fallback ?? '';
        });
      env[key!] = value;
    }
    return { env, unset };
  }

  it('every variable Compose needs without a default is in the documented .env', () => {
    const { unset } = composeAppEnvironment(documentedDotEnv());
    expect(unset).toEqual([]);
  });

  it("gives the app servers what production requires: they would start (the server's own check)", () => {
    const { env: composed } = composeAppEnvironment(documentedDotEnv());
    // The Dockerfile sets NODE_ENV; PORT and HOST are the app's defaults.
    const env = loadEnv({ ...composed, NODE_ENV: 'production' });
    expect(env.mode).toBe('production');
    expect(env.databaseUrl).toMatch(/^postgres:\/\/betoch:.+@postgres:5432\/betoch$/);
    expect(env.redisUrl).toBe('redis://redis:6379');
    expect(env.sms).toMatchObject({ baseUrl: 'https://api.afromessage.com' });
    expect([...env.adminPhones]).toEqual(['+251911223344']);
    expect(env.photoStorage).toMatchObject({ kind: 's3', bucket: 'betoch-photos', endpoint: 'http://minio:9000' });
    expect(env.seedDemo).toBe(false);
    expect(env.publicUrl).toBe('https://betoch.example.com');
    expect({ host: env.host, port: env.port }).toEqual({ host: '0.0.0.0', port: 8080 });
  });

  it('the same without a variable production requires is refused (the check above has teeth)', () => {
    const dotEnv = documentedDotEnv();
    for (const key of ['JWT_SECRET', 'SMS_GATEWAY_URL', 'SMS_GATEWAY_TOKEN', 'SMS_SENDER_ID', 'MINIO_ROOT_PASSWORD', 'BETOCH_DOMAIN']) {
      const { env } = composeAppEnvironment({ ...dotEnv, [key]: '' });
      expect(() => loadEnv({ ...env, NODE_ENV: 'production' }), key).toThrow(EnvError);
    }
  });
});

describe("docs/performance.md, 'Figures behind choices in the code'", () => {
  const SECTION = 'Figures behind choices in the code';
  /** Source files, recursively, under the folders that hold the code. */
  function sources(dir: string): string[] {
    return fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return ['node_modules', 'dist', 'test'].includes(entry.name) ? [] : sources(file);
      return /\.(ts|tsx|js|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
    });
  }
  const performanceDoc = read('docs/performance.md');
  const section = performanceDoc.slice(performanceDoc.indexOf(`## ${SECTION}`));
  const rowFiles = [...section.matchAll(/^\| `([^`]+)`/gm)].map((m) => m[1]!);

  it('is in the doc the bench writes, with a row for every comment that points to it', () => {
    expect(performanceDoc).toContain(`## ${SECTION}`);
    const pointing = ['apps/api/src', 'apps/web/src', 'apps/web/build', 'packages/contracts/src']
      .flatMap(sources)
      .filter((file) => read(file).includes(SECTION));
    expect(pointing.length).toBeGreaterThan(10);
    expect(pointing.filter((file) => !rowFiles.includes(file))).toEqual([]);
  });

  it('names only files that exist', () => {
    expect(rowFiles.filter((file) => !fs.existsSync(path.join(REPO_ROOT, file)))).toEqual([]);
  });
});
