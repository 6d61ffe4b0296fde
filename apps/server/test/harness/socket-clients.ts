import { io, type Socket } from 'socket.io-client';

/**
 * A socket.io client as tests and benches open them: websocket only, no reconnection (a test that
 * loses its connection must see it) and a fresh manager each. Connecting in the background.
 */
export const socketClient = (url: string, auth: Record<string, string>, headers?: Record<string, string>) =>
  io(url, {
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(headers ? { extraHeaders: headers } : {}),
  });

/**
 * Resolves once the socket is connected; rejects with the server's refusal, or when the connection
 * goes before it is made (a server killed mid-handshake closes the transport without a
 * connect_error: without this the wait never ends).
 */
export const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
    socket.once('disconnect', (reason) => reject(new Error(`disconnected before connecting: ${reason}`)));
  });

/** A client of `url` (namespace included), once connected. */
export async function openSocket(url: string, auth: Record<string, string>): Promise<Socket> {
  const socket = socketClient(url, auth);
  await connected(socket);
  return socket;
}

/**
 * The next `event` on the socket, or the next one that `matches` (servers also push state unasked);
 * with `timeoutMs`, rejects when none came by then.
 */
export const nextEvent = <T>(
  socket: Socket,
  event: string,
  matches: (data: T) => boolean = () => true,
  timeoutMs?: number,
) =>
  new Promise<T>((resolve, reject) => {
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            socket.off(event, heard);
            reject(new Error(`no ${event} in ${timeoutMs} ms`));
          }, timeoutMs);
    function heard(data: T) {
      if (!matches(data)) return;
      clearTimeout(timer);
      socket.off(event, heard);
      resolve(data);
    }
    socket.on(event, heard);
  });

/** Every client a suite opened, closed together when it ends. */
export class TestSockets {
  private readonly opened: Socket[] = [];

  /** A client of `url` (namespace included), connecting in the background. */
  client(url: string, auth: Record<string, string>, headers?: Record<string, string>): Socket {
    const socket = socketClient(url, auth, headers);
    this.opened.push(socket);
    return socket;
  }

  /** A client once connected; rejects with the server's refusal. */
  async open(url: string, auth: Record<string, string>, headers?: Record<string, string>): Promise<Socket> {
    const socket = this.client(url, auth, headers);
    await connected(socket);
    return socket;
  }

  closeAll(): void {
    for (const socket of this.opened.splice(0)) socket.disconnect();
  }
}
