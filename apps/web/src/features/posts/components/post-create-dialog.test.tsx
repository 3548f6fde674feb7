import { IMAGE_MAX_BYTES, MEDIA_MSG, SCHEDULE_MSG } from '@panel/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithApp, signIn } from '../../../testing/render';
import { toPostForm } from '../api/create-post';
import { addImages, PostCreateDialog } from './post-create-dialog';

const file = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'image/png' });

beforeEach(() => {
  let n = 0;
  // jsdom has no object URLs; the previews only need distinct strings.
  URL.createObjectURL = vi.fn(() => `blob:preview-${n++}`);
  URL.revokeObjectURL = vi.fn();
  mockApi({
    'GET /api/branches': () => ({
      body: { data: [], meta: { page: 1, per_page: 100, total: 0, last_page: 1 } },
    }),
  });
});

describe('addImages', () => {
  it('keeps at most 5 and says "Máximo 5 imágenes por publicación"', () => {
    const four = ['a', 'b', 'c', 'd'].map((n) => file(n));
    const result = addImages(four, [file('e'), file('f')]);
    expect(result.files.map((f) => f.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(result.problem).toBe(MEDIA_MSG.tooManyImages);
  });

  it('leaves out files over 10 MB with "Algunas imágenes superan los 10MB."', () => {
    const result = addImages([], [file('ok'), file('big', IMAGE_MAX_BYTES + 1)]);
    expect(result.files.map((f) => f.name)).toEqual(['ok']);
    expect(result.problem).toBe(MEDIA_MSG.imagesTooLarge);
  });
});

describe('toPostForm', () => {
  it('sends content, branch_id 0 for every branch and images[] repeated (docs/api-contract.md)', () => {
    const form = toPostForm({ content: 'Hola', branchId: null, images: [file('a.png'), file('b.png')] });
    expect(form.get('content')).toBe('Hola');
    expect(form.get('branch_id')).toBe('0');
    expect(form.getAll('images[]').map((f) => (f as File).name)).toEqual(['a.png', 'b.png']);
    expect(toPostForm({ content: 'x', branchId: 4, images: [] }).get('branch_id')).toBe('4');
  });

  it('sends publish_at only when scheduled', () => {
    expect(toPostForm({ content: 'x', branchId: null, images: [] }).has('publish_at')).toBe(false);
    const at = '2036-12-08T11:00:00.000Z';
    expect(toPostForm({ content: 'x', branchId: null, publishAt: at, images: [] }).get('publish_at')).toBe(
      at,
    );
  });
});

describe('PostCreateDialog', () => {
  it('enables "Publicar" only with content and an image, and counts characters out of 500', async () => {
    signIn();
    const { user } = renderWithApp(<PostCreateDialog opened onClose={vi.fn()} />);
    const publish = await screen.findByRole('button', { name: 'Publicar' });
    expect(publish).toBeDisabled();
    await user.type(screen.getByLabelText(/Contenido/), 'Hola equipo');
    expect(screen.getByText('11/500')).toBeInTheDocument();
    expect(publish).toBeDisabled();
    const input = document.body.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, [file('a.png')]);
    expect(await screen.findByRole('img', { name: 'Vista previa de a.png' })).toBeInTheDocument();
    expect(publish).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Quitar a.png' }));
    expect(screen.getByText(MEDIA_MSG.imagesRequired)).toBeInTheDocument();
    expect(publish).toBeDisabled();
  });

  it('"Programar" shows "Fecha de publicación", names the button "Programar" and refuses a past time', async () => {
    signIn();
    const { user } = renderWithApp(<PostCreateDialog opened onClose={vi.fn()} />);
    await user.type(await screen.findByLabelText(/Contenido/), 'Anuncio del lunes');
    await user.upload(document.body.querySelector('input[type="file"]') as HTMLInputElement, [file('a.png')]);
    await user.click(screen.getByRole('checkbox', { name: /Programar/ }));
    const submit = screen.getByRole('button', { name: 'Programar' });
    await user.type(screen.getByLabelText(/Fecha de publicación/), '01/03/2021 08:00');
    await user.click(submit);
    expect(await screen.findByText(SCHEDULE_MSG.publishAtPast)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Programar/ }));
    expect(screen.queryByLabelText(/Fecha de publicación/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publicar' })).toBeEnabled();
  });

  it('asks before closing with unsaved work', async () => {
    signIn();
    const onClose = vi.fn();
    const { user } = renderWithApp(<PostCreateDialog opened onClose={onClose} />);
    await user.type(await screen.findByLabelText(/Contenido/), 'Borrador');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('Descartar publicación')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(onClose).toHaveBeenCalled();
  });
});
