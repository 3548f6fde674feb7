import type { TEventType, TNotificationType } from '@panel/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithApp, signIn } from '../../../testing/render';
import EventTypeList from './event-type-list';
import NotificationTypeList from './notification-type-list';

const stamps = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', version: 1 };
const eventType: TEventType = {
  id: 3,
  name: 'Capacitación',
  color: '#1C7ED6',
  reminder_minutes: [1440],
  urgent: false,
  ...stamps,
};
const notificationType: TNotificationType = {
  id: 4,
  name: 'Promoción',
  color: '#2F9E44',
  icon: '5.png',
  icon_url: '/icons/notifications/5.png',
  ...stamps,
};
const page = <T,>(data: T[]) => ({ data, meta: { page: 1, per_page: 5, total: data.length, last_page: 1 } });
const sent = (body: unknown) => Object.fromEntries(body as URLSearchParams);

describe('Tipos de Eventos', () => {
  it('lists name and colour, no icon, and creates a type as a form with the calendar preview', async () => {
    const { requests } = mockApi({
      'GET /api/event-types': () => ({ body: page([eventType]) }),
      'POST /api/event-types': () => ({ status: 201, body: { data: eventType } }),
    });
    signIn();
    const { user } = renderWithApp(<EventTypeList />, { route: '/event-types' });
    expect(screen.getByRole('heading', { level: 1, name: 'Tipos de Eventos' })).toBeInTheDocument();
    expect(screen.getByText('Inicio / Tipos de Eventos')).toBeInTheDocument();
    expect(await screen.findByText('Capacitación')).toBeInTheDocument();
    expect(screen.getByText('#1C7ED6')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Ícono' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo tipo de evento' });
    expect(within(dialog).queryByRole('radiogroup', { name: 'Ícono' })).toBeNull();
    await user.type(within(dialog).getByLabelText(/Nombre/), 'Lanzamiento');
    expect(within(dialog).getByLabelText('Vista previa')).toHaveTextContent('Lanzamiento');
    // Recordatorios (docs/decisions/2026-12-04-reminders.md): none and not urgent until chosen.
    for (const label of [
      '1 semana antes',
      '1 día antes',
      '3 horas antes',
      '1 hora antes',
      '15 minutos antes',
    ])
      expect(within(dialog).getByRole('checkbox', { name: label })).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: '1 día antes' }));
    await user.click(within(dialog).getByRole('checkbox', { name: '1 hora antes' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Urgente/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Tipo de evento creado correctamente')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url.pathname).toBe('/api/event-types');
    const body = post?.body as URLSearchParams;
    expect(body.getAll('reminder_minutes')).toEqual(['1440', '60']);
    expect(sent(body)).toMatchObject({ name: 'Lanzamiento', color: '#FF0000', urgent: 'true' });
  });

  it('edits with _method=PUT and deletes with its own texts', async () => {
    const { requests } = mockApi({
      'GET /api/event-types': () => ({ body: page([eventType]) }),
      'POST /api/event-types/3': () => ({ body: { data: eventType } }),
      'DELETE /api/event-types/3': () => ({ status: 409, body: { message: 'Hay eventos de este tipo.' } }),
    });
    signIn();
    const { user } = renderWithApp(<EventTypeList />, { route: '/event-types' });
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar tipo de evento' });
    expect(within(dialog).getByLabelText(/Nombre/)).toHaveValue('Capacitación');
    // Its saved reminder shows; taking it away sends the field empty (none).
    const dayBefore = within(dialog).getByRole('checkbox', { name: '1 día antes' });
    expect(dayBefore).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: '1 hora antes' })).not.toBeChecked();
    await user.click(dayBefore);
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Tipo de evento actualizado correctamente')).toBeInTheDocument();
    expect(sent(requests.find((r) => r.method === 'POST')?.body)).toEqual({
      _method: 'PUT',
      name: 'Capacitación',
      color: '#1C7ED6',
      reminder_minutes: '',
      urgent: 'false',
    });

    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar tipo de evento' });
    expect(confirm).toHaveTextContent('¿Seguro que querés eliminar el tipo «Capacitación»?');
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Hay eventos de este tipo.')).toBeInTheDocument();
  });
});

describe('Tipos de Notificación', () => {
  it('lists name, colour and icon, and creates a type with the chosen icon', async () => {
    const { requests } = mockApi({
      'GET /api/notification-types': () => ({ body: page([notificationType]) }),
      'POST /api/notification-types': () => ({ status: 201, body: { data: notificationType } }),
    });
    signIn();
    const { user } = renderWithApp(<NotificationTypeList />, { route: '/notification-types' });
    expect(screen.getByRole('heading', { level: 1, name: 'Tipos de Notificación' })).toBeInTheDocument();
    expect(screen.getByText('Inicio / Tipos de Notificación')).toBeInTheDocument();
    expect(await screen.findByText('Promoción')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Ícono' })).toBeInTheDocument();
    expect(screen.getByText('5.png')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo tipo de notificación' });
    expect(within(dialog).getByRole('radio', { name: 'Campana (1.png)' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.type(within(dialog).getByLabelText(/Nombre/), 'Logros');
    await user.click(within(dialog).getByRole('radio', { name: 'Trofeo (9.png)' }));
    expect(within(dialog).getByLabelText('Vista previa')).toHaveTextContent('9.png · #FF0000');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Tipo de notificación creado correctamente')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url.pathname).toBe('/api/notification-types');
    expect(sent(post?.body)).toEqual({ name: 'Logros', color: '#FF0000', icon: '9.png' });
  });

  it('says "El nombre es requerido" and "Error al cargar tipos de notificaciones"', async () => {
    mockApi({ 'GET /api/notification-types': () => new Response('', { status: 500 }) });
    signIn();
    const { user } = renderWithApp(<NotificationTypeList />, { route: '/notification-types' });
    expect(await screen.findByText('Error al cargar tipos de notificaciones')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo tipo de notificación' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('El nombre es requerido')).toBeInTheDocument();
  });
});
