import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BenchContext, PartOutput } from '../lib/context.ts';
import { ROOT } from '../lib/server.ts';

const run = promisify(execFile);

interface SizeRow {
  what: string;
  size: string;
  budget: string;
  ok: boolean;
}

/** scripts/bundle-size.mjs (the CI check) on the bench's build; its table, parsed. */
export async function sizePart(ctx: BenchContext): Promise<PartOutput> {
  let stdout: string;
  let failed = false;
  try {
    ({ stdout } = await run(process.execPath, [path.join(ROOT, 'scripts/bundle-size.mjs')], {
      cwd: ROOT,
      env: { ...process.env, WEB_DIST: ctx.webDist },
    }));
  } catch (error) {
    // Exit 1: a budget is broken; the table is still on stdout.
    const e = error as { stdout?: string; stderr?: string; code?: number };
    if (e.code !== 1 || !e.stdout) throw new Error(`bundle-size.mjs failed: ${e.stderr ?? String(error)}`, { cause: error });
    stdout = e.stdout;
    failed = true;
  }
  ctx.log(stdout.trimEnd().replace(/^/gm, '  '));
  const rows: SizeRow[] = stdout
    .split('\n')
    .filter((l) => /^\| (first-load|script files|HTML)/.test(l))
    .map((l) => {
      const [what, size, budget, verdict] = l
        .split('|')
        .slice(1, 5)
        .map((c) => c.trim());
      return { what: what!, size: size!, budget: budget!, ok: verdict === 'ok' };
    });
  const firstLoad = rows.filter((r) => r.what.startsWith('first-load JS'));
  const files = rows.filter((r) => r.what.startsWith('script files'));
  const render = rows.filter((r) => r.what.startsWith('HTML'));
  return {
    rows: {
      'js-first-load': {
        measured: firstLoad
          .map((r) => {
            const route = r.what.replace('first-load JS ', '');
            const count = files.find((f) => f.what === `script files on first load ${route}`);
            return `${route}: ${r.size}${count ? ` in ${count.size} files` : ''}`;
          })
          .join(' · '),
        met: firstLoad.length === 3 && firstLoad.every((r) => r.ok) && files.every((r) => r.ok),
      },
      'render-browse': {
        measured: render.map((r) => `${r.size} (HTML, CSS, JS and the page's texts in the heavier language)`).join(' · '),
        met: render.length > 0 && render.every((r) => r.ok),
      },
    },
    details: `${stdout.trim()}\n\n${failed ? 'A budget is broken: `npm run size` fails CI.' : 'Every budget holds; `npm run size` runs in CI and fails it when one breaks.'} KB = 1000 bytes of gzip level 9; JavaScript counts the entry chunk and the route's page chunk with their static imports.`,
  };
}
