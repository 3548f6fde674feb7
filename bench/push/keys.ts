// Device keys derived from their number, so the sender (which subscribes 10 000 devices) and the
// receiver (which decrypts a sample) agree without passing 10 000 private keys around.
import { createECDH, createHash } from 'node:crypto';

const hash = (text: string) => createHash('sha256').update(text).digest();

export function deviceKeys(i: number) {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(hash(`panel-bench-push-device-${i}`));
  const auth = hash(`panel-bench-push-auth-${i}`).subarray(0, 16);
  return { private: ecdh.getPrivateKey(), public: ecdh.getPublicKey(), auth };
}
