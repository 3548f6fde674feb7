import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, quietRetry } from './query-client';

describe('query client (issue 28, item 18)', () => {
  it('does not retry a screen\'s load: its error and "Reintentar" come with the first failure', () => {
    expect(createQueryClient().getDefaultOptions().queries?.retry).toBe(false);
  });

  it('retries a background load (no error on screen) twice on a server or network failure, never on a refusal', () => {
    expect(quietRetry(0, new ApiError(502, 'Bad Gateway'))).toBe(true);
    expect(quietRetry(1, new TypeError('Failed to fetch'))).toBe(true);
    expect(quietRetry(2, new ApiError(503, 'x'))).toBe(false);
    expect(quietRetry(0, new ApiError(404, 'No encontrado'))).toBe(false);
  });
});
