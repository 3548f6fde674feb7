import { IMAGE_MAX_BYTES, MEDIA_MSG } from '@panel/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { uploadForm } from '../../../lib/upload';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithApp, signIn } from '../../../testing/render';
import { StoryCreateDialog } from './story-create-dialog';

vi.mock('../../../lib/upload', () => ({ uploadForm: vi.fn() }));
const upload = vi.mocked(uploadForm);

const file = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const fileInput = () => document.body.querySelector('input[type="file"]') as HTMLInputElement;

beforeEach(() => {
  upload.mockReset();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  mockApi({
    'GET /api/branches': () => ({
      body: { data: [], meta: { page: 1, per_page: 100, total: 0, last_page: 1 } },
    }),
  });
});

function renderDialog() {
  signIn();
  const onClose = vi.fn();
  const view = renderWithApp(<StoryCreateDialog opened onClose={onClose} />);
  return { ...view, onClose };
}

describe('StoryCreateDialog', () => {
  it('asks for the title and the image together, and sends nothing', async () => {
    const { user } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Nueva historia' })).toBeInTheDocument();
    expect(screen.getByLabelText('Activa')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MEDIA_MSG.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(MEDIA_MSG.storyImageRequired)).toBeInTheDocument();
    // The messages stay until the next try.
    await user.type(screen.getByLabelText(/Título/), 'Lanzamiento');
    expect(screen.getByText(MEDIA_MSG.titleRequired)).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses an image over 10 MB and an end before the start', async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText(/Título/), 'Lanzamiento');
    await user.upload(fileInput(), [file('grande.png', IMAGE_MAX_BYTES + 1)]);
    expect(await screen.findByText(MEDIA_MSG.storyImageTooLarge)).toBeInTheDocument();
    await user.upload(fileInput(), [file('historia.png')]);
    expect(screen.queryByText(MEDIA_MSG.storyImageTooLarge)).toBeNull();
    expect(await screen.findByRole('img', { name: 'Vista previa de historia.png' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Inicio (opcional)' }), '10/06/2026 12:00');
    await user.type(screen.getByRole('textbox', { name: 'Fin (opcional)' }), '10/06/2026 11:00');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MEDIA_MSG.endsBeforeStart)).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses an end already past, and a start over 24 h ago without an end, naming the field', async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText(/Título/), 'Lanzamiento');
    await user.upload(fileInput(), [file('historia.png')]);
    const end = screen.getByRole('textbox', { name: 'Fin (opcional)' });
    await user.type(end, '10/06/2020 11:00');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MEDIA_MSG.endsInThePast)).toBeInTheDocument();
    await user.clear(end);
    await user.type(screen.getByRole('textbox', { name: 'Inicio (opcional)' }), '10/06/2020 11:00');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MEDIA_MSG.startsTooLongAgo)).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it('says that a story lasts 24 hours from its start', () => {
    renderDialog();
    expect(screen.getByText(/24 horas después de su inicio/)).toBeInTheDocument();
    expect(screen.getByText('24 horas después del inicio')).toBeInTheDocument();
  });

  it('refuses an optional end that does not read as a date instead of saving the story without one', async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText(/Título/), 'Lanzamiento');
    await user.upload(fileInput(), [file('historia.png')]);
    await user.type(screen.getByRole('textbox', { name: 'Fin (opcional)' }), '31/06/2026 10:00');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El 31/06/2026 no existe')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it('uploads title, active, every branch as 0, the instants and the image, then says so and closes', async () => {
    upload.mockResolvedValue({ data: { id: 1 } });
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText(/Título/), '  Lanzamiento  ');
    await user.upload(fileInput(), [file('historia.png')]);
    // Day first, 24 hours, Buenos Aires wall time (UTC-3).
    await user.type(screen.getByRole('textbox', { name: 'Inicio (opcional)' }), '10/06/2030 12:00');
    await user.click(screen.getByLabelText('Activa'));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText(MEDIA_MSG.storyCreated)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    const [path, form] = upload.mock.calls[0]!;
    expect(path).toBe('/stories');
    expect(Object.fromEntries([...form.entries()].filter(([key]) => key !== 'image'))).toEqual({
      title: 'Lanzamiento',
      active: '0',
      branch_id: '0',
      starts_at: '2030-06-10T15:00:00.000Z',
    });
    expect((form.get('image') as File).name).toBe('historia.png');
  });

  it('"Programar" asks for the time, says "Programar" on its button and sends publish_at', async () => {
    upload.mockResolvedValue({ data: { id: 1 } });
    const { user } = renderDialog();
    await user.type(screen.getByLabelText(/Título/), 'Lanzamiento');
    await user.upload(fileInput(), [file('historia.png')]);
    await user.click(screen.getByRole('checkbox', { name: 'Programar' }));
    await user.type(screen.getByRole('textbox', { name: /Fecha de publicación/ }), '08/12/2036 08:00');
    // An end before the publication: it would never be seen.
    await user.type(screen.getByRole('textbox', { name: 'Fin (opcional)' }), '07/12/2036 08:00');
    await user.click(screen.getByRole('button', { name: 'Programar' }));
    expect(await screen.findByText(MEDIA_MSG.endsBeforePublication)).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Fin (opcional)' }));
    await user.click(screen.getByRole('button', { name: 'Programar' }));
    expect(await screen.findByText(MEDIA_MSG.storyCreated)).toBeInTheDocument();
    const [, form] = upload.mock.calls[0]!;
    expect(form.get('publish_at')).toBe('2036-12-08T11:00:00.000Z');
  });

  it('a refused upload shows the field message, toasts the server message and repeats it under "Error al guardar post"', async () => {
    upload.mockRejectedValue(
      new ApiError(400, 'La imagen no es válida.', {
        errors: { image: ['El archivo no es una imagen.'] },
        hasServerMessage: true,
      }),
    );
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText(/Título/), 'Lanzamiento');
    await user.upload(fileInput(), [file('historia.png')]);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('El archivo no es una imagen.')).toBeInTheDocument();
    expect(await screen.findByText('La imagen no es válida.')).toBeInTheDocument();
    expect(screen.getByText('Error: La imagen no es válida.')).toBeInTheDocument();
    expect(screen.getByText(MEDIA_MSG.postSaveError)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
