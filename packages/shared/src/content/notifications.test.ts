import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_ICONS,
  NOTIFICATION_MSG,
  ZNotificationInput,
  ZNotificationTypeInput,
} from '../index.ts';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('ZNotificationInput', () => {
  it('defaults type 1 and branch 0 = every branch (null)', () => {
    expect(ZNotificationInput.parse({ title: ' Hola ', message: 'Texto' })).toEqual({
      notification_type_id: 1,
      branch_id: null,
      title: 'Hola',
      message: 'Texto',
    });
  });

  it('coerces the multipart strings', () => {
    expect(
      ZNotificationInput.parse({ notification_type_id: '4', branch_id: '12', title: 'a', message: 'b' }),
    ).toMatchObject({ notification_type_id: 4, branch_id: 12 });
  });

  it('requires title and message with the spec messages', () => {
    expect(messages(ZNotificationInput.safeParse({ title: '  ' }))).toEqual({
      title: NOTIFICATION_MSG.titleRequired,
      message: NOTIFICATION_MSG.messageRequired,
    });
  });
});

describe('ZNotificationTypeInput', () => {
  it('defaults colour #FF0000 and icon 1.png', () => {
    expect(ZNotificationTypeInput.parse({ name: 'General' })).toEqual({
      name: 'General',
      color: '#FF0000',
      icon: '1.png',
    });
  });

  it('accepts the 32 icons and nothing else', () => {
    expect(NOTIFICATION_ICONS).toHaveLength(32);
    expect(NOTIFICATION_ICONS[31]).toBe('32.png');
    for (const icon of ['32.png', '7.png'])
      expect(ZNotificationTypeInput.parse({ name: 'a', icon }).icon).toBe(icon);
    for (const icon of ['33.png', '0.png', '../1.png', '1.svg']) {
      expect(messages(ZNotificationTypeInput.safeParse({ name: 'a', icon }))).toEqual({
        icon: NOTIFICATION_MSG.iconInvalid,
      });
    }
  });

  it('requires the name: "El nombre es requerido"', () => {
    expect(messages(ZNotificationTypeInput.safeParse({ name: '', color: '#12' }))).toEqual({
      name: NOTIFICATION_MSG.nameRequired,
      color: NOTIFICATION_MSG.colorInvalid,
    });
  });
});
