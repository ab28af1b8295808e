import fs from 'node:fs';
import os from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  ramGb: number;
  node: string;
  os: string;
}

/** The CPU model as /proc/cpuinfo names it (os.cpus() as a fallback). */
function cpuModel(): string {
  try {
    const line = fs
      .readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => /^model name\s*:/.test(l));
    if (line) return line.replace(/^model name\s*:\s*/, '').trim();
  } catch {
    // not Linux
  }
  return os.cpus()[0]?.model ?? 'unknown';
}

export function describeMachine(): Machine {
  return {
    cpu: cpuModel(),
    cores: os.availableParallelism(),
    ramGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
  };
}

/** "1.23 0.98 0.70" (1, 5 and 15 minutes). */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}
