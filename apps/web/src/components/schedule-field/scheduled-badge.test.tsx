import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, signIn } from '../../testing/render';
import { ScheduledBadge } from './scheduled-badge';

describe('ScheduledBadge', () => {
  it('reads "Programada · lun 8 dic, 08:00" in the business time zone', () => {
    signIn();
    renderWithApp(<ScheduledBadge publishAt="2036-12-08T11:00:00.000Z" />);
    expect(screen.getByText('Programada · lun 8 dic 2036, 08:00')).toBeInTheDocument();
  });
});
