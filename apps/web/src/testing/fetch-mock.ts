import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** The parsed JSON body, when there is one. */
  body: unknown;
}

export type MockReply = { status?: number; body?: unknown } | Response;
type Handler = (req: MockRequest) => MockReply | Promise<MockReply>;

/** `{status, body}` → a Response with a JSON body (204 has none). */
function toResponse(reply: MockReply): Response {
  if (reply instanceof Response) return reply;
  const status = reply.status ?? 200;
  if (status === 204 || reply.body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(reply.body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Replaces `fetch` with handlers keyed "METHOD /api/path" (no query string). Unhandled calls
 * answer 404 so a test notices them. Returns the spy and the requests made, in order.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const requests: MockRequest[] = [];
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const raw = init?.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const req: MockRequest = { method, url, headers: new Headers(init?.headers), body };
    requests.push(req);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler)
      return toResponse({ status: 404, body: { message: `Sin mock para ${method} ${url.pathname}` } });
    return toResponse(await handler(req));
  });
  vi.stubGlobal('fetch', spy);
  return { spy, requests };
}

export const never = () => new Promise<never>(() => {});
