// Loaded into a bench's server process (`NODE_OPTIONS=--import …/bench/liveHeap.mjs`, with
// BENCH_LIVE_HEAP_FILE set): on SIGUSR2 it collects garbage fully and appends the bytes still in
// use to that file. RSS only says how much heap V8 has not given back; what survives a full
// collection is what the server holds on to, so a growth there is a leak or a table that keeps
// growing. The server's own code is untouched.
import { appendFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { isMainThread } from 'node:worker_threads';

const file = process.env.BENCH_LIVE_HEAP_FILE;
// The loader's thread (tsx) runs this too; only the main thread is the server.
if (isMainThread && file) {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  process.on('SIGUSR2', () => {
    // Twice: objects freed by the first collection's finalizers go in the second.
    gc();
    gc();
    appendFileSync(file, `${process.memoryUsage().heapUsed}\n`);
  });
}
