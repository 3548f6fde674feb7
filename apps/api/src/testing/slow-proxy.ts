import { createConnection, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy on a free loopback port that delays what the server sends back by `delayMs` (in
 * order). It stands for a database that delivers late: a loaded machine or a distant instance.
 */
export async function startSlowProxy(target: { host: string; port: number }, delayMs: number) {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection(target);
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    upstream.on('data', (chunk) => {
      setTimeout(() => {
        if (!client.destroyed) client.write(chunk);
      }, delayMs);
    });
    const end = () => {
      setTimeout(() => {
        client.destroy();
        upstream.destroy();
      }, delayMs);
    };
    upstream.on('close', end);
    client.on('close', end);
    upstream.on('error', () => {});
    client.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
