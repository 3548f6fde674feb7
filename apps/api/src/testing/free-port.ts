import { createServer } from 'node:net';

/**
 * A TCP port nobody listens on right now, for a child server that must keep one port across its
 * restarts (the crash and load scripts). Fixed ports collided when two suites ran at once.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
