/**
 * Preloaded into the server process by the load bench (NODE_OPTIONS=--import): measures the main
 * thread's event-loop delay and appends one JSON line a second to LOOP_DELAY_FILE, with the
 * second's own figures and those since the load began (the bench creates LOOP_DELAY_FILE.start
 * then, so start-up work is not counted), and the CPU the whole process used in that second (every
 * thread: the speech workers and libuv's pool too). Plain JavaScript: it loads before tsx does.
 */
import { appendFileSync, existsSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.LOOP_DELAY_FILE;
if (file && isMainThread) {
  const second = monitorEventLoopDelay({ resolution: 10 });
  const sinceLoad = monitorEventLoopDelay({ resolution: 10 });
  second.enable();
  sinceLoad.enable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  let loadBegun = false;
  let cpu = process.cpuUsage();
  setInterval(() => {
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    if (!loadBegun && existsSync(`${file}.start`)) {
      loadBegun = true;
      sinceLoad.reset();
    }
    const line = {
      at: Date.now(),
      p99: ms(second.percentile(99)),
      max: ms(second.max),
      loadBegun,
      cpuMs: Math.round((used.user + used.system) / 1000),
      windowP99: ms(sinceLoad.percentile(99)),
      windowMax: ms(sinceLoad.max),
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
    second.reset();
  }, 1000).unref();
}
