// The built server's thread that draws the demo photos on a first start (./demo-photos.ts).
import { parentPort } from 'node:worker_threads';
import { drawDemoPhotos } from './demo-photos.ts';

parentPort!.postMessage(await drawDemoPhotos());
