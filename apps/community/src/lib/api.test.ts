import * as core from '@panel/shared/api-core';
import { ApiError, buildUrl, errorMessage, NETWORK_ERROR } from './api';

describe("the app's API client", () => {
  it('is built on the core it shares with the panel (issue 29, section 3), so one ApiError and one URL rule', () => {
    expect(ApiError).toBe(core.ApiError);
    expect(buildUrl).toBe(core.buildUrl);
  });

  it('says "Sin conexión" for a call that got no answer, else the server message or the fallback', () => {
    expect(errorMessage(new ApiError(0, 'x'), 'Error al cargar posts')).toBe(NETWORK_ERROR);
    expect(errorMessage(core.apiErrorOf(429, '', { message: 'Esperá un momento' }), 'Error')).toBe(
      'Esperá un momento',
    );
    expect(errorMessage(core.apiErrorOf(502, 'Bad Gateway', undefined), 'Error al cargar posts')).toBe(
      'Error al cargar posts',
    );
  });
});
