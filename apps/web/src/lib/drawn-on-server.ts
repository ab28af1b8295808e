/**
 * True in the server's build of the app (entry-server.tsx, `vite build --ssr`), false in the
 * browser's and in tests: Vite writes the constant in, so each build keeps only its own side.
 * The server draws every page for a visitor without a session, so what only a session uses
 * (its reads, its calls, parts that draw nothing) is left out there: each cost the renderer a
 * query observer or a mutation on every page (decision 0029; docs/performance.md,
 * 'Figures behind choices in the code'). Only what leaves no markup may be left out: the
 * browser hydrates the same HTML.
 */
export const DRAWN_ON_SERVER: boolean = import.meta.env.SSR;
