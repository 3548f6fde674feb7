import { ZErrorBody, ZIdParam } from '@panel/shared';
import { z } from 'zod';

/** `{id}` path parameter: decimal, bounded to PostgreSQL's integer so a huge id is a 400, not a 500. */
export const ZRouteId = ZIdParam;

const described = (description: string) => ZErrorBody.describe(description);

/** The error answers a route may give, for its OpenAPI entry. */
export const errorResponses = {
  400: described('Datos inválidos (`errors` por campo) o JSON mal formado'),
  401: described('Sin sesión, o sesión inválida, vencida o revocada'),
  403: described('La cuenta no tiene permiso (vendedor en una ruta del panel)'),
  404: described('No existe'),
  409: described('Conflicto: duplicado o en uso'),
  429: described('Demasiados intentos'),
  503: described('El servicio no está disponible: la base de datos no responde'),
} as const;

type Code = keyof typeof errorResponses;

export function errors<C extends Code>(...codes: C[]): Pick<typeof errorResponses, C> {
  return Object.fromEntries(codes.map((c) => [c, errorResponses[c]])) as Pick<typeof errorResponses, C>;
}

export const ZNoContent = z.undefined().describe('Sin contenido');

/** The bodies a form route accepts (docs/product.md#server-rules), for its OpenAPI entry. */
export const FORM_BODIES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
