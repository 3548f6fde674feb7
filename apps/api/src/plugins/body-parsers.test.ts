import { fastifyMultipart } from '@fastify/multipart';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MULTIPART_LIMITS } from '../lib/limits.ts';
import { multipartWithoutHooks } from './body-parsers.ts';

describe('multipartWithoutHooks', () => {
  it('drops exactly the hooks of the disk mode, which the API never uses', () => {
    // What @fastify/multipart registers with our options: if it comes to add another hook (one the
    // streaming `request.parts()` might need), this fails and the wrapper is looked at again.
    const hooks: string[] = [];
    const app = Fastify();
    const recorder = new Proxy(app, {
      get: (target, key, receiver) =>
        key === 'addHook' ? (name: string) => hooks.push(name) : Reflect.get(target, key, receiver),
    });
    fastifyMultipart(recorder, { limits: { ...MULTIPART_LIMITS } }, () => undefined);
    expect(hooks.sort()).toEqual(['onRequest', 'onResponse']);
    expect(app.hasRequestDecorator('parts') && app.hasRequestDecorator('isMultipart')).toBe(true);
  });

  it('leaves a route without multipart hooks and still reads a multipart body', async () => {
    const app = Fastify();
    await app.register(multipartWithoutHooks, { limits: { ...MULTIPART_LIMITS } });
    app.post('/form', async (request) => {
      const fields: Record<string, unknown> = {};
      for await (const part of request.parts())
        if (part.type === 'field') fields[part.fieldname] = part.value;
      return fields;
    });
    app.get('/health', async () => ({ status: 'ok' }));
    await app.ready();
    expect(app.printRoutes({ includeHooks: true, commonPrefix: false })).not.toMatch(/onRequest|onResponse/);
    const boundary = 'b0undary';
    const res = await app.inject({
      method: 'POST',
      url: '/form',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHola\r\n--${boundary}--\r\n`,
    });
    expect(res.json()).toEqual({ title: 'Hola' });
    await app.close();
  });
});
