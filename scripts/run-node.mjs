// The child processes of `npm start` and `npm run build` (scripts/start.mjs, scripts/build.mjs).
import { spawn } from 'node:child_process';
import path from 'node:path';

/** Settles with the child's exit code: 1 when it could not start or a signal ended it. */
export function exitCodeOf(child) {
  return new Promise((resolve) => {
    child.once('error', (error) => {
      console.error(`${child.spawnfile}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a script with this node, in the script's own folder, its output on ours; settles with its exit code. */
export function runNode(file) {
  return exitCodeOf(spawn(process.execPath, [file], { cwd: path.dirname(file), stdio: 'inherit' }));
}
