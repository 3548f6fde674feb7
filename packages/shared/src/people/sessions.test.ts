import { describe, expect, it } from 'vitest';
import { sessionsEndedText, ZSessionList } from './sessions.ts';

describe('sessionsEndedText', () => {
  it('words the count as the toast says it', () => {
    expect(sessionsEndedText(0)).toBe('No había sesiones para cerrar');
    expect(sessionsEndedText(1)).toBe('Se cerró 1 sesión');
    expect(sessionsEndedText(3)).toBe('Se cerraron 3 sesiones');
  });
});

describe('ZSessionList', () => {
  it('accepts a session without an address and refuses one without a device', () => {
    const session = {
      id: 1,
      device: 'Chrome en Windows',
      ip: null,
      created_at: '2026-12-03T10:00:00.000Z',
      last_seen_at: '2026-12-03T10:05:00.000Z',
      current: true,
    };
    expect(ZSessionList.safeParse({ data: [session], meta: { total: 1 } }).success).toBe(true);
    const { device: _device, ...withoutDevice } = session;
    expect(ZSessionList.safeParse({ data: [withoutDevice], meta: { total: 1 } }).success).toBe(false);
  });
});
