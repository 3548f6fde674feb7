import { describe, expect, it } from 'vitest';
import { figureNotes, responseRateLabel } from './survey-statistics-dialog';

const stats = (total: number, respondents: number, eligible: number) => ({
  total_responses: total,
  questions_count: 4,
  response_rate: { respondents, eligible, rate: eligible ? respondents / eligible : 0 },
});

describe('what each statistics figure counts', () => {
  it('tells the responses (people who answered) from the rate (eligible active sellers who did)', () => {
    const notes = figureNotes(stats(32, 29, 60), null);
    expect(notes.responses).toBe('32 personas respondieron la encuesta (cada persona responde una vez).');
    expect(notes.rate).toBe(
      'De los 60 vendedores activos de todas las sucursales, quienes pueden responderla hoy, respondieron 29.',
    );
    expect(notes.others).toBe(
      '3 respuestas son de personas que hoy no están entre esos vendedores (desactivadas, de otra sucursal o administradores): cuentan en las respuestas, no en la tasa.',
    );
    expect(responseRateLabel(stats(32, 29, 60).response_rate)).toMatch(/^48,3\s?% \(29 de 60 vendedores\)$/);
  });

  it('names the branch, uses the singular, and says nothing more when every response counts', () => {
    const notes = figureNotes(stats(1, 1, 1), 'Córdoba');
    expect(notes.responses).toBe('Una persona respondió la encuesta (cada persona responde una vez).');
    expect(notes.rate).toBe('El único vendedor activo de Córdoba, quien puede responderla hoy, respondió.');
    expect(figureNotes(stats(0, 0, 7), null).responses).toBe(
      'Nadie respondió la encuesta todavía (cada persona responde una vez).',
    );
    expect(figureNotes(stats(0, 0, 7), null).rate).toMatch(/, ninguno respondió todavía\.$/);
    expect(figureNotes(stats(0, 0, 0), 'Salta').rate).toBe(
      'No hay vendedores activos de Salta que puedan responderla hoy.',
    );
    expect(notes.others).toBeNull();
    expect(figureNotes(stats(2, 1, 5), null).others).toMatch(/^1 respuesta es de alguien/);
  });
});
