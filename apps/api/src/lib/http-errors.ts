import { MSG } from '@panel/shared';

/** Server-only texts; the ones the panel also shows live in @panel/shared (MSG). */
export const SERVER_MSG = {
  methodNotAllowed: 'Método no permitido. Para actualizar usá PUT, o POST con _method=PUT.',
  methodNotAllowedHere: (allow: string) =>
    `Método no permitido en esta dirección. Métodos permitidos: ${allow}.`,
  urlTooLong: 'La dirección es demasiado larga.',
  badUrl: 'La dirección no es válida: tiene una codificación con % incorrecta.',
  conflict: 'La operación entra en conflicto con datos existentes.',
  inUse:
    'No se puede completar la operación porque el registro está en uso o referencia a un registro inexistente.',
  duplicate: 'Ya existe un registro con esos datos.',
  invalidValue: 'Algún valor enviado no es válido.',
  unknownQueryParameter: (name: string) =>
    `Parámetro desconocido en la dirección: «${name}». No se hizo ningún cambio.`,
  unknownQueryParameterOnRead: (name: string) =>
    `Parámetro desconocido en la dirección: «${name}». Revisá cómo está escrito.`,
  serviceUnavailable: 'El servicio no está disponible en este momento. Intentá de nuevo más tarde.',
  storageUnavailable:
    'El almacenamiento de imágenes no responde en este momento. Intentá de nuevo en unos minutos.',
  storageUnavailableOnSave:
    'El almacenamiento de imágenes no responde en este momento, así que no se guardó nada. Intentá de nuevo en unos minutos.',
} as const;

/** An error whose status and Spanish message reach the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** The body's `code`, for a refusal the client acts on (`mfa_setup_required`). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(400, message, errors);
export const unauthenticated = () => new HttpError(401, MSG.unauthenticated);
export const forbidden = () => new HttpError(403, MSG.forbidden);
export const notFound = (message: string = MSG.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** 400 for one field, in the same shape as schema validation errors. */
export const fieldError = (field: string, message: string) => badRequest(message, { [field]: [message] });
