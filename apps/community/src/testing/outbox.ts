import { afterEach, beforeEach } from 'vitest';
import { outbox } from '../lib/outbox';
import { type Session, signIn } from '../lib/session';

/** A JSON answer as the server sends it. */
export function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Each test of the file runs signed in as seller 7, with that seller's outbox emptied after it. */
export function signedInSellerWithEmptyOutbox() {
  beforeEach(() => {
    signIn({
      token: 't',
      user: { id: 7, name: 'Vendedora', role: 'seller', branch_id: 1 },
    } as unknown as Session);
  });
  afterEach(async () => {
    await outbox.clear(7);
  });
}
