import { apiRequest } from '../../../lib/api-client';

/** Revokes the token on the server. A failure is only logged: signing out never waits on it. */
export async function logout(token: string | null): Promise<void> {
  if (!token) return;
  try {
    await apiRequest<void>('/logout', { method: 'POST', token, skipSessionCheck: true });
  } catch (error) {
    console.warn('No se pudo cerrar la sesión en el servidor', error);
  }
}
