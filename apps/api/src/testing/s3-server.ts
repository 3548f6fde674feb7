import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

/** An S3-protocol server (s3rver) in this process, on a free port, with one bucket. */
export async function startTestS3Server(bucket = 'panel-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'panel-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    // s3rver's fixed development credentials; it checks SigV4 signatures made with them.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async close() {
      // Nothing a test left open (a keep-alive connection, a request it stopped reading) holds close().
      (server as unknown as { httpServer?: import('node:http').Server }).httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
