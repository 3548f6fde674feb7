import { describe, expect, it } from 'vitest';
import { ZLoginRequest } from './auth.ts';
import { roleLabel } from './users.ts';

describe('ZLoginRequest', () => {
  it('lower-cases and trims the email', () => {
    expect(ZLoginRequest.parse({ email: ' Admin@Demo.Local ', password: 'x' }).email).toBe(
      'admin@demo.local',
    );
  });

  it('says "Email inválido" and "Contraseña requerida"', () => {
    const r = ZLoginRequest.safeParse({ email: 'no-es-un-email', password: '' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['email', 'Email inválido'],
      ['password', 'Contraseña requerida'],
    ]);
  });
});

describe('roleLabel', () => {
  it('shows "Vendedor" for sellers and "Administrador" for any other role', () => {
    expect(roleLabel('seller')).toBe('Vendedor');
    expect(roleLabel('admin')).toBe('Administrador');
    expect(roleLabel('whatever')).toBe('Administrador');
  });
});
