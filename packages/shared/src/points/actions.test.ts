import { describe, expect, it } from 'vitest';
import {
  formatCooldown,
  formatDailyLimit,
  normalizeActionKey,
  POINT_ACTION_MSG,
  ZPointActionCreate,
  ZPointActionUpdate,
} from './actions.ts';

const firstMessage = (input: unknown, schema = ZPointActionCreate) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('ZPointActionCreate', () => {
  it('lower-cases the key and turns spaces into underscores', () => {
    expect(normalizeActionKey('  Compartir Post  ')).toBe('compartir_post');
    expect(normalizeActionKey('Asistir a Capacitación')).toBe('asistir_a_capacitacion');
    expect(ZPointActionCreate.parse({ key: 'Ver Video', name: 'Ver video' }).key).toBe('ver_video');
  });

  it('requires the key: "La clave es obligatoria"', () => {
    expect(firstMessage({ name: 'X' })).toBe(POINT_ACTION_MSG.keyRequired);
    expect(firstMessage({ key: '   ', name: 'X' })).toBe(POINT_ACTION_MSG.keyRequired);
    expect(firstMessage({ key: 'a-b', name: 'X' })).toBe(POINT_ACTION_MSG.keyFormat);
  });

  it('requires the name and refuses negative points with the spec texts', () => {
    expect(firstMessage({ key: 'x', name: ' ' })).toBe('El nombre es obligatorio');
    expect(firstMessage({ key: 'x', name: 'X', points: -1 })).toBe('Los puntos no pueden ser negativos');
  });

  it('defaults points to 10 and empty limits to none; limits are at least 1', () => {
    expect(
      ZPointActionCreate.parse({ key: 'x', name: 'X', daily_limit: '', cooldown_seconds: null }),
    ).toMatchObject({
      points: 10,
      active: true,
      daily_limit: null,
      cooldown_seconds: null,
      description: null,
    });
    expect(firstMessage({ key: 'x', name: 'X', daily_limit: 0 })).toBe(POINT_ACTION_MSG.dailyLimitMin);
    expect(firstMessage({ key: 'x', name: 'X', cooldown_seconds: 1.5 })).toBe(POINT_ACTION_MSG.cooldownMin);
  });

  it('update ignores a key sent along', () => {
    const full = { name: 'X', points: 5, active: true, daily_limit: null, cooldown_seconds: null };
    expect(ZPointActionUpdate.parse({ key: 'otra', ...full })).not.toHaveProperty('key');
  });

  it('update requires the fields that default on create, so a PUT never resets them', () => {
    const result = ZPointActionUpdate.safeParse({ name: 'X' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0]).sort()).toEqual([
      'active',
      'cooldown_seconds',
      'daily_limit',
      'points',
    ]);
  });
});

describe('formats', () => {
  it('shows "N/día" or "Sin límite", "Ns" or "Sin cooldown"', () => {
    expect(formatDailyLimit(3)).toBe('3/día');
    expect(formatDailyLimit(null)).toBe('Sin límite');
    expect(formatCooldown(60)).toBe('60s');
    expect(formatCooldown(null)).toBe('Sin cooldown');
  });
});
