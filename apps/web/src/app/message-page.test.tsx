import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../testing/render';
import { FORBIDDEN_TEXT, ForbiddenPage } from './forbidden-page';
import { NotFoundPage } from './not-found-page';

describe('the pages that only say why there is nothing here', () => {
  it('an unknown address names it, with the way back to the Tablero', async () => {
    renderWithApp(<NotFoundPage />, { route: '/no-existe' });
    expect(await screen.findByRole('heading', { name: 'Error 404' })).toBeInTheDocument();
    expect(screen.getByText('La dirección «/no-existe» no existe en el panel.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al tablero' })).toHaveAttribute('href', '/dashboard');
  });

  it('a screen the role may not open says so, with the way back', async () => {
    renderWithApp(<ForbiddenPage />, { route: '/branches' });
    expect(await screen.findByRole('heading', { name: FORBIDDEN_TEXT })).toBeInTheDocument();
    expect(screen.getByText('Inicio / Sin permiso')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al tablero' })).toHaveAttribute('href', '/dashboard');
  });
});
