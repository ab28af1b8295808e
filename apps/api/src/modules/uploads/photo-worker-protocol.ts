import type { AppErrorExtra } from '../../lib/app-error.ts';
import type { ErrorCode } from '@betoch/contracts/errors';
import type { ProcessedImage } from './image-pipeline.ts';

/**
 * How the server and its photo worker (./photo-worker.ts, ./photo-worker-main.ts) talk.
 * Server to worker: the worker's stdin carries jobs as frames of an 8-byte header (job id, byte
 * count, both unsigned 32-bit big-endian) followed by the image bytes; a pipe write costs the
 * server's event loop almost nothing, where serializing 4 MB for the IPC channel would block it
 * for milliseconds. Worker to server: the IPC channel (advanced serialization, so Buffers pass
 * as they are) carries the messages below.
 */
export const FRAME_HEADER_BYTES = 8;

export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'done'; id: number; image: ProcessedImage }
  /** The pipeline refused the image (an AppError: 413 or 415 with its message). */
  | { kind: 'refused'; id: number; code: ErrorCode; message: string; extra: AppErrorExtra }
  /** Anything else went wrong (the server answers 500, as when the pipeline ran in-process). */
  | { kind: 'failed'; id: number; message: string };

export function frameHeader(id: number, length: number): Buffer {
  const header = Buffer.alloc(FRAME_HEADER_BYTES);
  header.writeUInt32BE(id, 0);
  header.writeUInt32BE(length, 4);
  return header;
}

/**
 * Collects stdin chunks and hands out whole frames in order. Chunks are joined once per frame
 * (when it is complete), never once per chunk.
 */
export function createFrameReader(onFrame: (id: number, data: Buffer) => void): (chunk: Buffer) => void {
  let chunks: Buffer[] = [];
  let buffered = 0;
  let need = FRAME_HEADER_BYTES;
  return (chunk) => {
    chunks.push(chunk);
    buffered += chunk.length;
    while (buffered >= need) {
      const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, buffered);
      chunks = [all];
      const length = all.readUInt32BE(4);
      need = FRAME_HEADER_BYTES + length;
      if (buffered < need) return;
      const rest = all.subarray(need);
      chunks = rest.length ? [rest] : [];
      buffered = rest.length;
      onFrame(all.readUInt32BE(0), all.subarray(FRAME_HEADER_BYTES, need));
      need = FRAME_HEADER_BYTES;
    }
  };
}
