import { presentOnPut } from '@panel/shared';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * The API's validator compiler (fastify-type-provider-zod's), plus the one rule of PUT bodies
 * (issue 20, item 12): on every PUT, and on the POST that stands for one (`_method=PUT`, the same
 * URL), a field the schema requires must carry a value. Null or blank text (a tab, NBSP, U+3000…)
 * that the field would take as its default is a 400 naming the field (`presentOnPut`, shared).
 * Set before the routes: it learns the PUT URLs as they are added.
 */
export function usePutAwareValidator(app: FastifyInstance) {
  const putUrls = new Set<string>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.includes('PUT')) putUrls.add(route.url);
  });
  const compile: FastifySchemaCompiler<z.ZodType> = ({ schema, method, url, httpPart }) => {
    const replaces = method === 'PUT' || (method === 'POST' && putUrls.has(url));
    return validatorCompiler({
      schema: httpPart === 'body' && replaces ? presentOnPut(schema) : schema,
      method,
      url,
      httpPart,
    });
  };
  app.setValidatorCompiler(compile);
}
