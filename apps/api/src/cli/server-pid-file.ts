import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database (PGlite) must be opened by one process at a time. The server notes its pid
 * in DATA_DIR while it runs, so command-line tasks can refuse to open the same files beside it.
 */
export function serverPidPath(dataDir: string): string {
  return path.join(dataDir, 'server.pid');
}

export function writeServerPid(dataDir: string): () => void {
  const file = serverPidPath(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
}

/** The pid of a live server holding DATA_DIR, or undefined (no file, or its process has ended). */
export function runningServerPid(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(serverPidPath(dataDir), 'utf8').trim(), 10);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to another user; it still holds the files.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}
