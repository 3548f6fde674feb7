import { describe, expect, it } from 'vitest';
import { actorText } from './audit-entry-dialog';

describe('actorText', () => {
  const who = { actor_name: 'Elena', actor_email: 'encargada@demo.local' };

  it('names the role each entry was written with, when the API gives it', () => {
    expect(actorText({ ...who, actor_role: 'branch_manager' })).toBe(
      'Elena (encargada@demo.local) · Encargado',
    );
    expect(actorText({ ...who, actor_role: 'admin' })).toBe('Elena (encargada@demo.local) · Administrador');
  });

  it('stays as before without a role (older entries) and for the system', () => {
    expect(actorText(who)).toBe('Elena (encargada@demo.local)');
    expect(actorText({ ...who, actor_role: null })).toBe('Elena (encargada@demo.local)');
    expect(actorText({ actor_name: null, actor_email: null, actor_role: 'admin' })).toBe('Sistema');
  });
});
