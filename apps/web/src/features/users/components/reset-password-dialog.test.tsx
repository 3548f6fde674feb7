import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithApp, sellerUser, signIn } from '../../../testing/render';
import { ResetPasswordDialog } from './reset-password-dialog';

function renderDialog(onClose = vi.fn()) {
  signIn();
  const view = renderWithApp(<ResetPasswordDialog opened user={sellerUser} onClose={onClose} />);
  return { ...view, onClose };
}

const path = `POST /api/users/${sellerUser.id}/reset-password`;

describe('ResetPasswordDialog', () => {
  it('generates one by default and shows it once, until "Listo"', async () => {
    const { requests } = mockApi({
      [path]: () => ({ body: { data: { generated_password: 'Abc234xyz9QRst' } } }),
    });
    const { user, onClose } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Restablecer contraseña' })).toBeInTheDocument();
    expect(screen.getByLabelText('Generar una contraseña al azar')).toBeChecked();
    expect(screen.queryByLabelText('Nueva contraseña')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Restablecer' }));

    expect(await screen.findByText('Contraseña restablecida correctamente')).toBeInTheDocument();
    expect(screen.getByTestId('generated-password')).toHaveTextContent('Abc234xyz9QRst');
    expect(requests.at(-1)?.body).toEqual({});
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Listo' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('checks a typed password with the API rule; the message goes when the text changes', async () => {
    const { requests } = mockApi({ [path]: () => ({ body: { data: { generated_password: null } } }) });
    const { user, onClose } = renderDialog();
    await user.click(screen.getByLabelText('Escribir la contraseña'));
    await user.type(screen.getByLabelText('Nueva contraseña'), 'corta');
    await user.click(screen.getByRole('button', { name: 'Restablecer' }));
    expect(await screen.findByText('La contraseña debe tener al menos 10 caracteres')).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.type(screen.getByLabelText('Nueva contraseña'), 'x');
    expect(screen.queryByText('La contraseña debe tener al menos 10 caracteres')).toBeNull();
    await user.type(screen.getByLabelText('Nueva contraseña'), '-más-larga');
    await user.click(screen.getByRole('button', { name: 'Restablecer' }));
    expect(await screen.findByText('Contraseña restablecida correctamente')).toBeInTheDocument();
    expect(requests.at(-1)?.body).toEqual({ password: 'cortax-más-larga' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("puts the server's password message under the input and toasts the fallback", async () => {
    mockApi({
      [path]: () => ({ status: 400, body: { errors: { password: ['La contraseña es demasiado común'] } } }),
    });
    const { user, onClose } = renderDialog();
    await user.click(screen.getByLabelText('Escribir la contraseña'));
    await user.type(screen.getByLabelText('Nueva contraseña'), 'otra-clave-segura-123');
    await user.click(screen.getByRole('button', { name: 'Restablecer' }));
    expect(await screen.findByText('La contraseña es demasiado común')).toBeInTheDocument();
    expect(await screen.findByText('Error al restablecer la contraseña')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
