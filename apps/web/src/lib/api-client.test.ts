import { MFA_MSG, MFA_SETUP_REQUIRED } from '@panel/shared';
import * as core from '@panel/shared/api-core';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../testing/fetch-mock';
import { signIn } from '../testing/render';
import { ApiError, apiRequest, buildUrl, errorMessage, setMfaSetupRequiredHandler } from './api-client';
import { useAuthStore } from './auth-store';

describe('api client', () => {
  it("is built on the core it shares with the sellers' app (issue 29, section 3)", () => {
    expect(ApiError).toBe(core.ApiError);
    expect(buildUrl).toBe(core.buildUrl);
  });

  it('sends the bearer token and JSON, and reads JSON back', async () => {
    const { requests } = mockApi({
      'POST /api/branches': (req) => ({ status: 201, body: { data: req.body } }),
    });
    signIn(undefined, 'abc');
    const res = await apiRequest<{ data: unknown }>('/branches', {
      method: 'POST',
      body: { name: 'Centro' },
    });
    expect(res.data).toEqual({ name: 'Centro' });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer abc');
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('lets the browser set the content type of a FormData body', async () => {
    const { requests } = mockApi({ 'POST /api/posts': () => ({ status: 201, body: { data: {} } }) });
    await apiRequest('/posts', { method: 'POST', body: new FormData() });
    expect(requests[0]?.headers.get('Content-Type')).toBeNull();
    expect(requests[0]?.body).toBeInstanceOf(FormData);
  });

  it('answers undefined for 204', async () => {
    mockApi({ 'DELETE /api/branches/1': () => ({ status: 204 }) });
    await expect(apiRequest('/branches/1', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it("raises an ApiError with the server's message and field errors", async () => {
    mockApi({
      'PUT /api/branches/1': () => ({
        status: 400,
        body: { message: 'Datos inválidos', errors: { name: ['Falta'] } },
      }),
    });
    const error = await apiRequest('/branches/1', { method: 'PUT', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Datos inválidos', errors: { name: ['Falta'] } });
    expect(errorMessage(error, 'Error al guardar')).toBe('Datos inválidos');
  });

  it('raises the raw text when the body is not JSON, and screens fall back to their own text', async () => {
    mockApi({ 'GET /api/branches': () => new Response('Bad gateway', { status: 502 }) });
    const error = await apiRequest('/branches').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: 'Bad gateway' });
    expect(errorMessage(error, 'Error al cargar sucursales')).toBe('Error al cargar sucursales');
    expect(errorMessage(new TypeError('Failed to fetch'), 'Error al cargar datos')).toBe(
      'Error al cargar datos',
    );
  });

  it('a 401 on login is an answer, not an expired session', async () => {
    mockApi({ 'POST /api/login': () => ({ status: 401, body: { message: 'Credenciales inválidas' } }) });
    signIn();
    await expect(
      apiRequest('/login', { method: 'POST', body: {}, token: null, skipSessionCheck: true }),
    ).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it('a 403 mfa_setup_required calls the handler that takes the panel to "Mi cuenta"; another 403 does not', async () => {
    const calls: string[] = [];
    setMfaSetupRequiredHandler(() => calls.push('mi cuenta'));
    mockApi({
      'GET /api/users': () => ({
        status: 403,
        body: { message: MFA_MSG.setupRequired, code: MFA_SETUP_REQUIRED },
      }),
      'GET /api/branches': () => ({
        status: 403,
        body: { message: 'No tenés permiso para realizar esta acción.' },
      }),
    });
    signIn(undefined, 'abc');
    await expect(apiRequest('/users')).rejects.toMatchObject({ status: 403, message: MFA_MSG.setupRequired });
    await expect(apiRequest('/branches')).rejects.toMatchObject({ status: 403 });
    expect(calls).toEqual(['mi cuenta']);
    setMfaSetupRequiredHandler(() => {});
  });

  it('leaves empty query values out of the URL', () => {
    expect(buildUrl('/branches', { page: 2, per_page: 5, q: '', city: undefined, sort: '-name' })).toBe(
      '/api/branches?page=2&per_page=5&sort=-name',
    );
  });
});
