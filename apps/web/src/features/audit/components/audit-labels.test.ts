import { describe, expect, it } from 'vitest';
import {
  changedFieldsSummary,
  fieldLabel,
  formatAuditValue,
  orderedFields,
  recordLabel,
} from './audit-labels';

// The before/after view speaks the panel's language: field names and values as people read them.
describe('audit labels', () => {
  it('names records and fields in Spanish, and leaves unknown ones as stored', () => {
    expect(recordLabel('branches', 12)).toBe('Sucursal #12');
    expect(recordLabel('point_actions', 3)).toBe('Acción de puntos #3');
    expect(recordLabel('something_new', null)).toBe('something_new');
    expect(fieldLabel('branch_id')).toBe('Sucursal');
    expect(fieldLabel('cooldown_seconds')).toBe('Espera entre otorgamientos (segundos)');
    expect(fieldLabel('new_column')).toBe('new_column');
  });

  it('lists the record’s own fields first, by label, and the technical ones last', () => {
    const changes = { version: {}, updated_at: {}, name: {}, city: {}, address: {} };
    expect(orderedFields(changes)).toEqual(['city', 'address', 'name', 'version', 'updated_at']);
    expect(changedFieldsSummary(changes)).toBe('Ciudad, Dirección, Nombre');
  });

  it('shows values readably: dates in the business time zone, Sí/No, roles, empty, lists', () => {
    expect(formatAuditValue('start_at', '2026-11-28T12:30:00+00:00')).toBe('28/11/2026 09:30');
    expect(formatAuditValue('updated_at', '2026-11-28T12:30:00.123456+00:00')).toBe('28/11/2026 09:30');
    expect(formatAuditValue('start_date', '2026-11-28')).toBe('28/11/2026');
    expect(formatAuditValue('active', false)).toBe('No');
    expect(formatAuditValue('required', true)).toBe('Sí');
    expect(formatAuditValue('role', 'seller')).toBe('Vendedor');
    expect(formatAuditValue('role', 'admin')).toBe('Administrador');
    expect(formatAuditValue('role', 'branch_manager')).toBe('Encargado de sucursal');
    expect(formatAuditValue('city', null)).toBe('(vacío)');
    expect(formatAuditValue('password_hash', '[oculto]')).toBe('[oculto]');
    expect(formatAuditValue('options', ['Sí', 'No'])).toBe('Sí, No');
    expect(formatAuditValue('points', 15)).toBe('15');
    expect(formatAuditValue('meta', { a: 1 })).toBe('{"a":1}');
  });
});
