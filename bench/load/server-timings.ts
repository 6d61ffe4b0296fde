/**
 * How long the server itself took per request, from its own log (Fastify's `responseTime`: from
 * the request's first bytes to the answer's last, at info level): the overhead without the bench
 * client's share. The client runs on the same two cores, and its event loop's delay is in every
 * latency it times.
 */

interface LogLine {
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

const parse = (line: string): LogLine | null => {
  try {
    return JSON.parse(line) as LogLine;
  } catch {
    return null;
  }
};

/** The response times (ms) of successful `method path` requests that ended within [from, to] (epoch ms). */
export function serverTimes(
  logs: string[],
  method: string,
  path: string,
  from: number,
  to: number,
): number[] {
  const wanted = new Set<string>();
  const times: number[] = [];
  for (const line of logs) {
    const entry = parse(line);
    if (!entry?.reqId) continue;
    if (entry.msg === 'incoming request' && entry.req?.method === method && entry.req.url === path) {
      wanted.add(entry.reqId);
    } else if (
      entry.msg === 'request completed' &&
      wanted.has(entry.reqId) &&
      entry.res?.statusCode === 200 &&
      typeof entry.responseTime === 'number' &&
      (entry.time ?? 0) >= from &&
      (entry.time ?? Infinity) <= to
    ) {
      times.push(entry.responseTime);
    }
  }
  return times;
}
