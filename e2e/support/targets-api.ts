import type { TBrand, TSupplier, TTargetUnits, TUser, TVolume } from '@panel/shared';
import { type APIRequestContext, expect } from '@playwright/test';
import { apiCreate, auth, createUser, unique } from './api.ts';

/** A seller with a unique name, so parallel tests find their own row. */
export async function createSeller(
  request: APIRequestContext,
  token: string,
  prefix = 'Vendedora',
): Promise<TUser> {
  const id = unique();
  return createUser(request, token, {
    name: `${prefix} ${id}`,
    email: `${prefix.toLowerCase()}.${id}@prueba.test`,
    password: 'clave-de-prueba-1',
    role: 'seller',
  });
}

export const createSupplier = (
  request: APIRequestContext,
  token: string,
  code: string,
  businessName: string,
) => apiCreate<TSupplier>(request, token, '/api/suppliers', { code, business_name: businessName });

export const createBrand = (request: APIRequestContext, token: string, code: string, name: string) =>
  apiCreate<TBrand>(request, token, '/api/brands', { code, name });

export async function upsertVolume(
  request: APIRequestContext,
  token: string,
  body: { user_id: number; year: number; month: number; target_amount: number },
) {
  const res = await request.post('/api/user/volume/upsert', { data: body, headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
}

export async function listVolumes(request: APIRequestContext, token: string, userId: number, year: number) {
  const res = await request.get(`/api/user/volume?user_id=${userId}&year=${year}&per_page=100`, {
    headers: auth(token),
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: TVolume[] }).data;
}

export async function saveUnits(
  request: APIRequestContext,
  token: string,
  body: {
    user_id: number;
    supplier_id: number;
    brand_id: number;
    year: number;
    items: { month: number; units: number | null }[];
  },
) {
  const res = await request.post('/api/user/units/bulk-upsert', { data: body, headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
}

export async function listUnits(
  request: APIRequestContext,
  token: string,
  key: { userId: number; supplierId: number; brandId: number; year: number },
) {
  const res = await request.get(
    `/api/user/units?user_id=${key.userId}&supplier_id=${key.supplierId}&brand_id=${key.brandId}&year=${key.year}&per_page=200`,
    { headers: auth(token) },
  );
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: TTargetUnits[] }).data;
}

/** The current year in the business time zone, as the dialogs use it. */
export const businessYear = () =>
  Number(
    new Intl.DateTimeFormat('en', { timeZone: 'America/Argentina/Buenos_Aires', year: 'numeric' }).format(
      new Date(),
    ),
  );
