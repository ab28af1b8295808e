import type { RowFigure, RowId } from './report.ts';
import type { RunningServer } from './server.ts';

export interface BenchContext {
  /** Caches, builds, logs and run copies of databases (default /tmp/betoch-bench). */
  benchDir: string;
  /** The production web build the server serves. */
  webDist: string;
  /** First of the ports the bench may use (it uses up to 4 from here). */
  port: number;
  lighthouseRuns: number;
  chromePath: string;
  /** postgres://... of a server where a scratch database may be created; '' to skip PostgreSQL. */
  postgresUrl: string;
  listings: number;
  /** Seed every cached database again (demo market, PGlite and PostgreSQL bulk seeds). */
  fresh: boolean;
  log: (line: string) => void;
  /** The real server on a fresh copy of the demo market, started once on first use. */
  demoServer: () => Promise<RunningServer>;
}

export interface PartOutput {
  rows: Partial<Record<RowId, RowFigure>>;
  details: string;
}
