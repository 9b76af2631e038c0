import { createConnection, createServer, type Socket } from 'node:net';

export interface TcpProxy {
  /** `url` with its host and port replaced by the proxy's. */
  url: string;
  /** The network path dies without a word: open connections pass nothing more, and nothing closes. */
  freeze(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of the PostgreSQL at `url`, to make the one failure a restart
 * cannot: a connection that stays open and silent (a lost network path). New connections
 * made after freeze() pass normally.
 */
export async function startTcpProxy(url: string): Promise<TcpProxy> {
  const target = new URL(url);
  const open = new Set<Socket>();
  const frozen = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => open.delete(socket));
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  return {
    url: proxied.toString(),
    freeze() {
      for (const socket of open) {
        socket.unpipe();
        socket.pause();
        socket.removeAllListeners('data');
        frozen.add(socket);
      }
      open.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of [...open, ...frozen]) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
