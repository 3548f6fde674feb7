import type { TSurvey } from '@panel/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, signIn } from '../../../testing/render';
import { SurveyCard } from './survey-card';

const survey = (active: boolean): TSurvey => ({
  id: 3,
  version: 1,
  title: 'Capacitación',
  description: null,
  active,
  branch_id: null,
  branch: null,
  points_reward: 10,
  start_date: null,
  end_date: null,
  reminder_minutes: null,
  publish_at: null,
  is_available: active,
  response_count: 0,
  questions_count: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

function renderCard(active: boolean) {
  const onToggle = vi.fn();
  const view = renderWithApp(
    <SurveyCard
      survey={survey(active)}
      toggling={false}
      onToggle={onToggle}
      onStatistics={vi.fn()}
      onEdit={vi.fn()}
      onDelete={vi.fn()}
    />,
  );
  return { ...view, onToggle };
}

describe('SurveyCard', () => {
  it('labels its switch with the state: "Inactiva" when off, "Activa" when on', async () => {
    const { user, onToggle } = renderCard(false);
    const off = screen.getByRole('switch', { name: 'Inactiva: Capacitación' });
    expect(off).not.toBeChecked();
    expect(screen.getByText('Inactiva')).toBeVisible();
    expect(screen.queryByText('Activa')).toBeNull();
    await user.click(off);
    expect(onToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }), true);
  });

  it('says "Programada · …" for a scheduled survey', () => {
    signIn();
    renderWithApp(
      <SurveyCard
        survey={{ ...survey(true), is_available: false, publish_at: '2036-12-08T11:00:00.000Z' }}
        toggling={false}
        onToggle={vi.fn()}
        onStatistics={vi.fn()}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
      />,
    );
    expect(screen.getByText('Programada · lun 8 dic 2036, 08:00')).toBeVisible();
  });

  it('says "Activa" for an active survey', () => {
    renderCard(true);
    expect(screen.getByRole('switch', { name: 'Activa: Capacitación' })).toBeChecked();
    expect(screen.getByText('Activa')).toBeVisible();
  });
});
