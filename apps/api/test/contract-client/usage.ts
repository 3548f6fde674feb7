/**
 * An integrator's client of the panel API, as test/api/platform/openapi-client.test.ts checks it:
 * `openapi.ts` is generated from the live /api/openapi.json by openapi-typescript, and this file
 * must typecheck against it with `tsc --strict` (openapi-fetch). It is not part of the API's own
 * build (apps/api/tsconfig.json leaves this folder out).
 */
import createClient from 'openapi-fetch';
import type { components, operations, paths } from './openapi';

type Schemas = components['schemas'];

export async function integrator(baseUrl: string, token: string, image: Blob) {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });

  // A list: query parameters, the paged envelope and a named record.
  const listed = await client.GET('/api/branches', {
    params: { query: { page: 1, per_page: 20, q: 'centro', sort: '-name' } },
  });
  if (listed.error) throw new Error(listed.error.message);
  const branches: Schemas['Branch'][] = listed.data.data;
  const total: number = listed.data.meta.total;
  const first = branches[0];

  // Only the accepted page sizes of the points history type-check.
  await client.GET('/api/points/transactions', { params: { query: { per_page: 50 } } });
  // @ts-expect-error 15 is not one of 10, 20, 50, 100
  await client.GET('/api/points/transactions', { params: { query: { per_page: 15 } } });

  // An edit with the version read (If-Match), and the 412 of a record changed meanwhile.
  if (first) {
    const saved = await client.PUT('/api/branches/{id}', {
      params: { path: { id: first.id }, header: { 'If-Match': `"${first.version}"` } },
      body: { name: `${first.name} (editada)`, city: first.city, address: first.address },
    });
    if (saved.response.status === 412) {
      const stale: Schemas['ErrorBody'] | undefined = saved.error;
      console.log(stale?.message);
    }
    const version: number | undefined = saved.data?.data.version;
    console.log(version, saved.response.headers.get('etag'));
  }

  // An upload: multipart/form-data with its text fields and files.
  const created = await client.POST('/api/posts', {
    body: { content: 'Nueva promo', branch_id: 0, 'images[]': [image] },
    bodySerializer(body) {
      const form = new FormData();
      form.set('content', body.content);
      form.set('branch_id', String(body.branch_id ?? 0));
      for (const file of body['images[]']) form.append('images[]', file);
      return form;
    },
  });
  const post: Schemas['Post'] | undefined = created.data?.data;

  // A CSV download: text, and its errors as JSON.
  const csv = await client.GET('/api/points/transactions/export', {
    params: { query: { from: '2026-11-01', to: '2026-11-30' } },
    parseAs: 'text',
  });
  const sheet: string | undefined = csv.data;
  const csvError: string | undefined = csv.error?.message;

  // A calendar download (.ics), as text.
  const ics = await client.GET('/api/app/events/{id}.ics', { params: { path: { id: 7 } }, parseAs: 'text' });
  const calendar: string | undefined = ics.data;
  const icsError: Schemas['ErrorBody'] | undefined = ics.error;

  // Operations have names: the same types by operationId.
  type ListBranches = operations['getBranches']['responses'][200]['content']['application/json'];
  const again: ListBranches | undefined = listed.data;

  return { total, post, sheet, csvError, calendar, icsError, again };
}
