import { SCHEDULE_MSG, type TNotification } from '@panel/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithApp, signIn } from '../../../testing/render';
import { NotificationFormDialog } from './notification-form-dialog';

const notification: TNotification = {
  id: 5,
  version: 1,
  notification_type_id: 2,
  notification_type: {
    id: 2,
    name: 'Promociones',
    color: '#F59F00',
    icon: '5.png',
    icon_url: '/icons/notifications/5.png',
  },
  branch_id: null,
  branch_name: null,
  title: 'Promo de invierno',
  message: 'Galletitas con descuento',
  created_at: '2026-03-01T12:00:00.000Z',
  publish_at: null,
  push_sent_count: 0,
  urgent: false,
  read_count: 0,
  recipient_count: 12,
};

const types = [
  { id: 1, name: 'General', color: '#FF0000', icon: '1.png' },
  { id: 2, name: 'Promociones', color: '#F59F00', icon: '5.png' },
];
const list = (data: unknown[]) => ({
  body: { data, meta: { page: 1, per_page: 100, total: data.length, last_page: 1 } },
});

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/notification-types': () => list(types),
    'GET /api/branches': () => list([]),
    ...extra,
  });
}

// Typing into three fields and a round trip: more than the default 5 s on a busy machine.
describe('NotificationFormDialog', () => {
  it('edits through POST /notifications/{id} with _method=PUT as a form body', async () => {
    const { requests } = api({ 'POST /api/notifications/5': () => ({ body: { data: notification } }) });
    signIn();
    const onClose = vi.fn();
    const { user } = renderWithApp(
      <NotificationFormDialog opened notification={notification} onClose={onClose} />,
    );
    expect(screen.getByRole('dialog', { name: 'Editar notificación' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Tipo' })).toHaveValue('Promociones'));
    expect(screen.getByRole('combobox', { name: 'Sucursal' })).toHaveValue('Todas las sucursales');
    await user.clear(screen.getByLabelText(/Título/));
    await user.type(screen.getByLabelText(/Título/), 'Promo de otoño');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Notificación actualizada correctamente')).toBeInTheDocument();
    const body = requests.at(-1)?.body as URLSearchParams;
    expect(body).toBeInstanceOf(URLSearchParams);
    expect(Object.fromEntries(body)).toEqual({
      _method: 'PUT',
      notification_type_id: '2',
      branch_id: '0',
      title: 'Promo de otoño',
      message: 'Galletitas con descuento',
      urgent: '0',
    });
    expect(onClose).toHaveBeenCalled();
    // The chosen type's label in the box is not a search: the options were never narrowed to it.
    const typeQueries = requests.filter((r) => r.url.pathname === '/api/notification-types');
    expect(typeQueries.every((r) => !r.url.searchParams.get('q'))).toBe(true);
  });

  it('marks a new notification "Urgente" (its pushes ignore the sellers\' No molestar)', async () => {
    const { requests } = api({
      'POST /api/notifications': () => ({ status: 201, body: { data: notification } }),
    });
    signIn();
    const { user } = renderWithApp(<NotificationFormDialog opened notification={null} onClose={vi.fn()} />);
    await user.type(screen.getByLabelText(/Título/), 'Corte de luz');
    await user.type(screen.getByLabelText(/Mensaje/), 'Cierren la caja ya');
    await user.click(screen.getByRole('checkbox', { name: /Urgente/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const body = requests.find((r) => r.method === 'POST')?.body as URLSearchParams;
    expect(Object.fromEntries(body)).toMatchObject({ title: 'Corte de luz', urgent: '1' });
  });

  it('"Programar" sends publish_at as the instant of the typed business time', async () => {
    const { requests } = api({
      'POST /api/notifications': () => ({ status: 201, body: { data: notification } }),
    });
    signIn();
    const { user } = renderWithApp(<NotificationFormDialog opened notification={null} onClose={vi.fn()} />);
    await user.type(screen.getByLabelText(/Título/), 'Reunión del lunes');
    await user.type(screen.getByLabelText(/Mensaje/), 'A las 9');
    expect(screen.queryByLabelText(/Fecha de publicación/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Programar/ }));
    await user.type(screen.getByLabelText(/Fecha de publicación/), '08/12/2036 08:00');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const body = requests.find((r) => r.method === 'POST')?.body as URLSearchParams;
    // Buenos Aires is UTC−3: 08:00 there is 11:00 UTC.
    expect(Object.fromEntries(body)).toMatchObject({
      title: 'Reunión del lunes',
      publish_at: '2036-12-08T11:00:00.000Z',
    });
  });

  it('"Programar" refuses a past time, and no time, with the Spanish messages, and sends nothing', async () => {
    const { requests } = api();
    signIn();
    const { user } = renderWithApp(<NotificationFormDialog opened notification={null} onClose={vi.fn()} />);
    await user.type(screen.getByLabelText(/Título/), 'Hola');
    await user.type(screen.getByLabelText(/Mensaje/), 'Texto');
    await user.click(screen.getByRole('checkbox', { name: /Programar/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(SCHEDULE_MSG.publishAtRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Fecha de publicación/), '01/03/2021 08:00');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(SCHEDULE_MSG.publishAtPast)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('shows a scheduled notification\'s time when editing it; a published one has no "Programar"', async () => {
    api();
    signIn();
    const scheduled = { ...notification, publish_at: '2036-12-08T11:00:00.000Z' };
    const { unmount } = renderWithApp(
      <NotificationFormDialog opened notification={scheduled} onClose={vi.fn()} />,
    );
    expect(screen.getByRole('checkbox', { name: /Programar/ })).toBeChecked();
    expect(screen.getByLabelText(/Fecha de publicación/)).toHaveValue('08/12/2036 08:00');
    unmount();
    renderWithApp(<NotificationFormDialog opened notification={notification} onClose={vi.fn()} />);
    expect(screen.queryByRole('checkbox', { name: /Programar/ })).not.toBeInTheDocument();
  });

  it('shows the spec messages and sends nothing when title and message are blank', async () => {
    const { requests } = api();
    signIn();
    const { user } = renderWithApp(<NotificationFormDialog opened notification={null} onClose={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Nueva notificación' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El título es requerido')).toBeInTheDocument();
    expect(screen.getByText('El mensaje es requerido')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('puts a server field error under its field and toasts "Error al guardar la notificación"', async () => {
    api({
      'POST /api/notifications': () => ({
        status: 400,
        body: {
          message: 'El tipo de notificación no existe',
          errors: { notification_type_id: ['El tipo de notificación no existe'] },
        },
      }),
    });
    signIn();
    const { user } = renderWithApp(<NotificationFormDialog opened notification={null} onClose={vi.fn()} />);
    await user.type(screen.getByLabelText(/Título/), 'Hola');
    await user.type(screen.getByLabelText(/Mensaje/), 'Texto');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findAllByText('El tipo de notificación no existe')).not.toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Nueva notificación' })).toBeInTheDocument();
  });
});
