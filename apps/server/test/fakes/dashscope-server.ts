/**
 * A local stand-in for DashScope's speech websocket, strict about the protocol: it checks the
 * bearer header, the run-task fields and the order run-task → continue-task → finish-task, and
 * records every message so tests can assert on them. Test-only.
 */
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export interface ClientMessage {
  header: { action: string; task_id: string; streaming: string };
  payload: Record<string, unknown> & {
    input?: Record<string, unknown>;
    parameters?: Record<string, unknown>;
  };
}

export interface FakeConnection {
  authorization: string | undefined;
  messages: ClientMessage[];
  binary: Buffer[];
  socket: WebSocket;
}

export interface FakeDashScope {
  url: string;
  connections: FakeConnection[];
  close(): Promise<void>;
}

export type Behaviour = (connection: FakeConnection, message: ClientMessage | Buffer) => void;

export const event = (socket: WebSocket, taskId: string, name: string, extra: Record<string, unknown> = {}) =>
  socket.send(
    JSON.stringify({ header: { event: name, task_id: taskId, ...extra }, payload: extra.payload ?? {} }),
  );

export async function startFakeDashScope(apiKey: string, behaviour: Behaviour): Promise<FakeDashScope> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const connections: FakeConnection[] = [];
  server.on('connection', (socket, request) => {
    const connection: FakeConnection = {
      authorization: request.headers.authorization,
      messages: [],
      binary: [],
      socket,
    };
    connections.push(connection);
    if (request.headers.authorization !== `bearer ${apiKey}`) {
      event(socket, '', 'task-failed', {
        error_code: 'InvalidApiKey',
        error_message: 'Invalid API-key provided.',
      });
      socket.close();
      return;
    }
    socket.on('message', (data, isBinary) => {
      const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
      if (isBinary) {
        connection.binary.push(bytes);
        behaviour(connection, bytes);
        return;
      }
      const message = JSON.parse(bytes.toString('utf8')) as ClientMessage;
      connection.messages.push(message);
      behaviour(connection, message);
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/api-ws/v1/inference/`,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
