import { io, type Socket } from 'socket.io-client';

/**
 * Socket.io clients as the tests open them: websocket only, no reconnection (a test that loses its
 * connection must see it), a fresh manager each, and every one remembered so a suite closes them all.
 */
export class TestSockets {
  private readonly opened: Socket[] = [];

  /** A client of `url` (namespace included), connecting in the background. */
  client(url: string, auth: Record<string, string>, headers?: Record<string, string>): Socket {
    const socket = io(url, {
      auth,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      ...(headers ? { extraHeaders: headers } : {}),
    });
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

export const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });

/** The next `event` on the socket, or the next one that `matches` (servers also push state unasked). */
export const nextEvent = <T>(socket: Socket, event: string, matches: (data: T) => boolean = () => true) =>
  new Promise<T>((resolve) => {
    const heard = (data: T) => {
      if (!matches(data)) return;
      socket.off(event, heard);
      resolve(data);
    };
    socket.on(event, heard);
  });
