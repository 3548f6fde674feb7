import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Select, TextInput } from '@mantine/core';
import { MSG } from '@panel/shared';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest } from '../../lib/api-client';
import { mockApi } from '../../testing/fetch-mock';
import { renderWithApp } from '../../testing/render';
import { FormDialog, type FormDialogProps } from './form-dialog';
import { FormField, FormInput } from './form-field';
import { type UseFormDialogOptions, useFormDialog } from './use-form-dialog';

const ZPlace = z.object({
  name: z.string().trim().min(1, 'El nombre es obligatorio'),
  city: z.string().trim(),
});
type Place = z.input<typeof ZPlace>;

const north: Place = { name: 'Norte', city: 'Rosario' };
const south: Place = { name: 'Sur', city: 'Bahía Blanca' };

type Options = Partial<UseFormDialogOptions<Place, Place, unknown, Place | null>>;
type FrameProps = Partial<Omit<FormDialogProps<Place, Place>, 'children'>>;

/** A dialog made only of the skeleton (FormInput and FormField), opened on a record from outside. */
function Harness({ options, frame, onClose }: { options: Options; frame?: FrameProps; onClose: () => void }) {
  const [opened, setOpened] = useState(false);
  const [record, setRecord] = useState<Place | null>(null);
  const close = () => {
    onClose();
    setOpened(false);
  };
  const dialog = useFormDialog({
    opened,
    onClose: close,
    resolver: zodResolver(ZPlace),
    record,
    values: (place) => ({ name: place?.name ?? '', city: place?.city ?? '' }),
    submit: async () => undefined,
    success: 'Lugar guardado correctamente',
    failure: 'Error al guardar el lugar',
    ...options,
  });
  const open = (place: Place | null) => {
    setRecord(place);
    setOpened(true);
  };
  return (
    <>
      <Button onClick={() => open(null)}>Nuevo</Button>
      <Button onClick={() => open(north)}>Abrir Norte</Button>
      <Button onClick={() => open(south)}>Abrir Sur</Button>
      <FormDialog {...dialog} title="Lugar" {...frame}>
        <FormInput name="name" label="Nombre" data-autofocus />
        <FormField
          name="city"
          component={Select}
          label="Ciudad"
          data={['Rosario', 'Bahía Blanca', 'Córdoba']}
        />
      </FormDialog>
    </>
  );
}

function renderHarness(options: Options = {}, frame?: FrameProps) {
  const onClose = vi.fn();
  const view = renderWithApp(<Harness options={options} frame={frame} onClose={onClose} />);
  return { ...view, onClose };
}

/** A promise the test settles when it wants to. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const badRequest = (errors: Record<string, string[]>, message = 'Los datos enviados no son válidos.') =>
  new ApiError(400, message, { errors, hasServerMessage: true });

describe('FormDialog with useFormDialog', () => {
  it('resets the inputs to the record each time it opens, and runs onReset', async () => {
    const onReset = vi.fn();
    const { user } = renderHarness({ onReset });
    await user.click(screen.getByRole('button', { name: 'Abrir Norte' }));
    expect(await screen.findByRole('dialog', { name: 'Lugar' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toHaveValue('Norte');
    expect(screen.getByRole('combobox', { name: 'Ciudad' })).toHaveValue('Rosario');
    await user.clear(screen.getByLabelText('Nombre'));
    await user.type(screen.getByLabelText('Nombre'), 'Cambiado');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Abrir Norte' }));
    expect(await screen.findByLabelText('Nombre')).toHaveValue('Norte');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Abrir Sur' }));
    expect(await screen.findByLabelText('Nombre')).toHaveValue('Sur');
    expect(screen.getByRole('combobox', { name: 'Ciudad' })).toHaveValue('Bahía Blanca');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Nuevo' }));
    expect(await screen.findByLabelText('Nombre')).toHaveValue('');
    expect(onReset).toHaveBeenCalledTimes(4);
  });

  it('clears the errors of the last opening', async () => {
    const { user } = renderHarness();
    await user.click(screen.getByRole('button', { name: 'Nuevo' }));
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El nombre es obligatorio')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Nuevo' }));
    expect(await screen.findByLabelText('Nombre')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('El nombre es obligatorio')).toBeNull();
  });

  it('focuses the field marked data-autofocus, not the close button', async () => {
    const { user } = renderHarness();
    await user.click(screen.getByRole('button', { name: 'Abrir Norte' }));
    await waitFor(() => expect(screen.getByLabelText('Nombre')).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
  });

  it('validates with the schema and sends nothing while a field is wrong', async () => {
    const submit = vi.fn(async () => undefined);
    const { user, onClose } = renderHarness({ submit });
    await user.click(screen.getByRole('button', { name: 'Nuevo' }));
    await user.type(await screen.findByLabelText('Nombre'), '   ');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El nombre es obligatorio')).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toHaveAttribute('aria-invalid', 'true');
    expect(submit).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the parsed values, toasts the success and closes', async () => {
    const submit = vi.fn(async (_values: Place) => undefined);
    const { user, onClose } = renderHarness({ submit });
    await user.click(screen.getByRole('button', { name: 'Abrir Norte' }));
    await user.type(await screen.findByLabelText('Nombre'), '  ');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Lugar guardado correctamente')).toBeInTheDocument();
    expect(submit).toHaveBeenCalledWith({ name: 'Norte', city: 'Rosario' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('FormField binds a controlled input: its choice is sent', async () => {
    const submit = vi.fn(async (_values: Place) => undefined);
    const { user } = renderHarness({ submit });
    await user.click(screen.getByRole('button', { name: 'Abrir Norte' }));
    await user.click(await screen.findByRole('combobox', { name: 'Ciudad' }));
    // The dropdown sits in a portal that the open modal hides from the accessibility tree.
    await user.click(await screen.findByRole('option', { name: 'Córdoba', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Lugar guardado correctamente')).toBeInTheDocument();
    expect(submit).toHaveBeenCalledWith({ name: 'Norte', city: 'Córdoba' });
  });

  it('onSuccess replaces the close, with the answer', async () => {
    const onSuccess = vi.fn();
    const { user, onClose } = renderHarness({ submit: async () => ({ id: 7 }), onSuccess });
    await user.click(screen.getByRole('button', { name: 'Abrir Norte' }));
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Lugar guardado correctamente')).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalledWith({ id: 7 });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Lugar' })).toBeInTheDocument();
  });

  it('a failed check stops before sending, with no toast', async () => {
    const submit = vi.fn(async () => undefined);
    const { user, onClose } = renderHarness({ submit, check: () => false });
    await user.click(screen.getByRole('button', { name: 'Abrir Norte' }));
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(submit).not.toHaveBeenCalled();
    expect(screen.queryByText('Lugar guardado correctamente')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('is busy while saving: Guardar spins, Cancelar, × and Escape do nothing', async () => {
    const pending = deferred<undefined>();
    const { user, onClose } = renderHarness({ submit: () => pending.promise });
    await user.click(screen.getByRole('button', { name: 'Abrir Norte' }));
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));

    const save = screen.getByRole('button', { name: 'Guardar' });
    await waitFor(() => expect(save).toHaveAttribute('data-busy', 'true'));
    expect(save).toHaveAttribute('data-loading', 'true');
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Lugar' })).toBeInTheDocument();

    pending.resolve(undefined);
    expect(await screen.findByText('Lugar guardado correctamente')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says the busy label where the dialog gives one, and takes other labels', async () => {
    const pending = deferred<undefined>();
    const { user } = renderHarness(
      { submit: () => pending.promise },
      { submitLabel: 'Publicar', busyLabel: 'Publicando...', cancelLabel: 'Volver' },
    );
    await user.click(screen.getByRole('button', { name: 'Abrir Norte' }));
    await user.click(await screen.findByRole('button', { name: 'Publicar' }));
    const busy = await screen.findByRole('button', { name: 'Publicando...' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Volver' })).toBeDisabled();
    pending.resolve(undefined);
    expect(await screen.findByText('Lugar guardado correctamente')).toBeInTheDocument();
  });

  it('puts the server field errors under the matching inputs and toasts the server message', async () => {
    const onError = vi.fn();
    const error = badRequest({ city: ['La ciudad es demasiado larga'], other: ['No se muestra'] });
    const { user, onClose } = renderHarness({
      submit: async () => {
        throw error;
      },
      onError,
    });
    await user.click(screen.getByRole('button', { name: 'Abrir Norte' }));
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La ciudad es demasiado larga')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Ciudad' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Nombre')).not.toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Los datos enviados no son válidos.')).toBeInTheDocument();
    expect(screen.queryByText('No se muestra')).toBeNull();
    expect(onError).toHaveBeenCalledWith(error);
    expect(onClose).not.toHaveBeenCalled();
    // Not busy any more: the dialog can be corrected and sent again.
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeEnabled();
  });

  it('after Guardar, scrolls the first problem in reading order into view and focuses it, whatever the input', async () => {
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    onTestFinished(() => scroll.mockRestore());
    const ZCityRequired = ZPlace.extend({ city: z.string().min(1, 'La ciudad es obligatoria') });
    const { user } = renderHarness({ resolver: zodResolver(ZCityRequired) });
    await user.click(screen.getByRole('button', { name: 'Nuevo' }));
    await user.type(await screen.findByLabelText('Nombre'), 'Centro');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La ciudad es obligatoria')).toBeInTheDocument();
    // A controlled input (FormField), which react-hook-form cannot focus by itself.
    const city = screen.getByRole('combobox', { name: 'Ciudad' });
    await waitFor(() => expect(city).toHaveFocus());
    expect(scroll.mock.contexts.at(-1)).toBe(city);
    expect(scroll).toHaveBeenLastCalledWith({ block: 'center' });

    // Two problems: the first in reading order wins.
    await user.clear(screen.getByLabelText('Nombre'));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.getByLabelText('Nombre')).toHaveFocus());
  });

  it("focuses the server's first field error too", async () => {
    const { user } = renderHarness({
      submit: async () => {
        throw badRequest({ city: ['La ciudad es demasiado larga'] });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Abrir Norte' }));
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La ciudad es demasiado larga')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Ciudad' })).toHaveFocus());
  });

  it("toasts the screen's fallback when the server sends no message", async () => {
    const { user } = renderHarness({
      submit: async () => {
        throw new ApiError(502, 'Bad gateway');
      },
    });
    await user.click(screen.getByRole('button', { name: 'Abrir Norte' }));
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Error al guardar el lugar')).toBeInTheDocument();
    expect(screen.queryByText('Bad gateway')).toBeNull();
  });

  it('Cancelar, × and Escape close without sending; onCancel can stand in for them', async () => {
    const submit = vi.fn(async () => undefined);
    const { user, onClose } = renderHarness({ submit });
    await user.click(screen.getByRole('button', { name: 'Abrir Norte' }));
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Abrir Norte' }));
    await user.click(await screen.findByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Abrir Norte' }));
    await screen.findByRole('dialog', { name: 'Lugar' });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(3);
    expect(submit).not.toHaveBeenCalled();
  });

  it('onCancel replaces the close on Cancelar (e.g. to ask first)', async () => {
    const onCancel = vi.fn();
    const { user, onClose } = renderHarness({}, { onCancel });
    await user.click(screen.getByRole('button', { name: 'Abrir Norte' }));
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows `instead` in place of the form and its buttons', async () => {
    const { user } = renderHarness({}, { instead: <p>Cargando lugar...</p> });
    await user.click(screen.getByRole('button', { name: 'Abrir Norte' }));
    expect(await screen.findByText('Cargando lugar...')).toBeInTheDocument();
    expect(screen.queryByLabelText('Nombre')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
  });

  it('frames a dialog without react-hook-form too: its own submit, a button at the footer start', async () => {
    const onSubmit = vi.fn();
    const onClear = vi.fn();
    const { user } = renderWithApp(
      <FormDialog
        opened
        onClose={vi.fn()}
        onSubmit={onSubmit}
        busy={false}
        title="Metas"
        submitLabel="Guardar metas"
        footerStart={<Button onClick={onClear}>Limpiar todos</Button>}
      >
        <TextInput label="Enero" />
      </FormDialog>,
    );
    await user.type(screen.getByLabelText('Enero'), '100{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect((onSubmit.mock.calls[0]![0] as Event).defaultPrevented).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Limpiar todos' }));
    expect(onClear).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Guardar metas' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });
});

/** A record the API versions, edited through the real API client (fetch mocked). */
interface Versioned {
  id: number;
  name: string;
  city: string;
  version: number;
}

function VersionedHarness({ record, onClose }: { record: Versioned; onClose: () => void }) {
  const dialog = useFormDialog({
    opened: true,
    onClose,
    resolver: zodResolver(ZPlace),
    record,
    values: (place: Versioned) => ({ name: place.name, city: place.city }),
    submit: (values) =>
      apiRequest(`/places/${record.id}`, { method: 'PUT', body: values }).then(() =>
        // A second write in the same save: If-Match goes only with the first.
        apiRequest(`/places/${record.id}/log`, { method: 'PUT', body: {} }),
      ),
    success: 'Lugar guardado correctamente',
    failure: 'Error al guardar el lugar',
  });
  return (
    <FormDialog {...dialog} title="Lugar">
      <FormInput name="name" label="Nombre" />
      <FormInput name="city" label="Ciudad" />
    </FormDialog>
  );
}

describe('useFormDialog and record versions (If-Match, 412)', () => {
  const read: Versioned = { id: 4, name: 'Norte', city: 'Rosario', version: 2 };
  const stale = { message: MSG.staleRecord };

  it('sends the version it was filled from as If-Match, once per save', async () => {
    const { requests } = mockApi({
      'PUT /api/places/4': () => ({ body: { data: { ...read, version: 3 } } }),
      'PUT /api/places/4/log': () => ({ body: {} }),
    });
    const onClose = vi.fn();
    const { user } = renderWithApp(<VersionedHarness record={read} onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Lugar guardado correctamente')).toBeInTheDocument();
    expect(requests.map((r) => [r.url.pathname, r.headers.get('if-match')])).toEqual([
      ['/api/places/4', '"2"'],
      ['/api/places/4/log', null],
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('on 412 says so and offers "Recargar", which reads the record again and fills the form with it', async () => {
    let saves = 0;
    const { requests } = mockApi({
      'PUT /api/places/4': () => (++saves === 1 ? { status: 412, body: stale } : { body: { data: read } }),
      'PUT /api/places/4/log': () => ({ body: {} }),
      'GET /api/places/4': () => ({
        body: { data: { ...read, name: 'Norte (de otra persona)', version: 5 } },
      }),
    });
    const onClose = vi.fn();
    const { user } = renderWithApp(<VersionedHarness record={read} onClose={onClose} />);
    await user.clear(await screen.findByLabelText('Nombre'));
    await user.type(screen.getByLabelText('Nombre'), 'Mi cambio');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MSG.staleRecord);
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Recargar' }));
    await waitFor(() => expect(screen.getByLabelText('Nombre')).toHaveValue('Norte (de otra persona)'));
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Lugar guardado correctamente')).toBeInTheDocument();
    const puts = requests.filter((r) => r.url.pathname === '/api/places/4' && r.method === 'PUT');
    expect(puts.map((r) => r.headers.get('if-match'))).toEqual(['"2"', '"5"']);
  });

  it('a record without a version sends no If-Match', async () => {
    const { requests } = mockApi({
      'PUT /api/places/4': () => ({ body: {} }),
      'PUT /api/places/4/log': () => ({ body: {} }),
    });
    const { version: _v, ...plain } = read;
    const { user } = renderWithApp(<VersionedHarness record={plain as Versioned} onClose={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Lugar guardado correctamente')).toBeInTheDocument();
    expect(requests.every((r) => !r.headers.has('if-match'))).toBe(true);
  });
});
