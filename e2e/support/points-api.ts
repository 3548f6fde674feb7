import type { TPointAction, TPointActionCreate } from '@panel/shared';
import type { APIRequestContext } from '@playwright/test';
import { apiCreate } from './api.ts';

/** Seeds a point action through POST /api/admin/point-actions. */
export const createPointAction = (request: APIRequestContext, token: string, input: TPointActionCreate) =>
  apiCreate<TPointAction>(request, token, '/api/admin/point-actions', input);
