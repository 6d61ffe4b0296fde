import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP relay on 127.0.0.1 in front of a real server (PostgreSQL, Redis) that a fault test cuts
 * and restores: `cut()` resets every relayed connection and refuses new ones, as a server that
 * restarts or a network that drops does; `restore()` relays again. Test-only.
 */
export class TcpProxy {
  private readonly live = new Set<Socket>();
  private down = false;

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  /** Relays 127.0.0.1:<port> to the host and port of `target` (a URL such as postgres://h:5432/db). */
  static async start(target: string): Promise<TcpProxy> {
    const { hostname, port } = new URL(target);
    const upstreamPort = Number(port);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const proxy = new TcpProxy(server, (server.address() as AddressInfo).port);
    server.on('connection', (client) => proxy.relay(client, hostname, upstreamPort));
    return proxy;
  }

  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  cut(): void {
    this.down = true;
    for (const socket of this.live) socket.resetAndDestroy();
    this.live.clear();
  }

  restore(): void {
    this.down = false;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private relay(client: Socket, host: string, port: number): void {
    if (this.down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(port, host);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.live.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        this.live.delete(from);
        to.destroy();
      });
    }
  }
}
