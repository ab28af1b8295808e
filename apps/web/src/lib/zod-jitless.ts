/**
 * Zod 4 probes whether it may compile parsers with `new Function` on the first object parse. Under
 * our CSP (no 'unsafe-eval') the probe fails as intended, but the browser reports it as a
 * Content-Security-Policy violation (console error, securitypolicyviolation event) on every page
 * that parses with zod (chat, sign-in, posting). Jitless mode never probes.
 *
 * Zod keeps its global config on `globalThis.__zod_globalConfig` and adopts an object already
 * there (zod/v4/core/core.js), so setting it here costs no zod code in the first-load bundle
 * (importing `config` from zod/v4/core would add its code: docs/performance.md, 'Figures behind choices in the code'). main.tsx imports this first;
 * zod-jitless.test.ts checks that zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
