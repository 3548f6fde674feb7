import { describe, expect, it } from 'vitest';
import { toFormBody } from './form-body';

describe('toFormBody', () => {
  it('writes every field as text, empty for null, and _method=PUT for updates', () => {
    expect(toFormBody({ title: 'Hola', branch_id: 0, description: null }).toString()).toBe(
      'title=Hola&branch_id=0&description=',
    );
    expect(toFormBody({ name: 'Á b' }, { update: true }).toString()).toBe('_method=PUT&name=%C3%81+b');
  });
});
