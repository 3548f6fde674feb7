import { surveyReminderPayload } from '@panel/shared';
import { pushNotification } from './push-payload';

const BASE = '/comunidad/';

describe('pushNotification', () => {
  it("shows the server's title and body and opens the notification's own page in the app", () => {
    const view = pushNotification(
      JSON.stringify({
        title: 'Reunión',
        body: 'Mañana 9 h',
        notification_id: 12,
        url: '/comunidad/notificaciones?id=12',
        tag: 'notification-12',
        icon: '3.png',
      }),
      BASE,
    );
    expect(view.title).toBe('Reunión');
    expect(view.options.body).toBe('Mañana 9 h');
    expect(view.options.tag).toBe('notification-12');
    expect(view.options.data.url).toBe('/comunidad/notificaciones?id=12');
  });

  it("opens a reminder's survey (docs/decisions/2026-12-04-reminders.md): no notification id, its own url and tag", () => {
    const view = pushNotification(
      JSON.stringify(
        surveyReminderPayload(
          { id: 4, title: 'Clima', endDate: new Date('2026-12-07T15:00:00Z') },
          'America/Argentina/Buenos_Aires',
        ),
      ),
      BASE,
    );
    expect(view.title).toBe('Recordatorio: Clima');
    expect(view.options.tag).toBe('survey-reminder-4');
    expect(view.options.data.url).toBe('/comunidad/encuestas/4');
  });

  it('never opens an address outside the app (a url elsewhere falls back to the notification)', () => {
    const view = pushNotification(
      JSON.stringify({ title: 'x', body: 'y', notification_id: 4, url: 'https://evil.example/' }),
      BASE,
    );
    expect(view.options.data.url).toBe('/comunidad/notificaciones?id=4');
  });

  it('still shows a visible notification for an empty, plain-text or broken payload', () => {
    expect(pushNotification(null, BASE)).toMatchObject({
      title: 'Comunidad',
      options: { body: 'Tenés una notificación nueva.', data: { url: '/comunidad/notificaciones' } },
    });
    expect(pushNotification('Hola equipo', BASE).options.body).toBe('Hola equipo');
    expect(pushNotification('{"title": ', BASE).title).toBe('Comunidad');
  });
});
