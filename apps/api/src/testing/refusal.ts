import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** A refused request's answer (docs/api-contract.md): the first message and each field's messages. */
export interface Refusal {
  message: string;
  errors: Record<string, string[]>;
}

/** The body of a 400 answer; any other status fails the test, showing the body. */
export function refusal(res: LightMyRequestResponse): Refusal {
  expect(res.statusCode, res.body).toBe(400);
  return res.json() as Refusal;
}
