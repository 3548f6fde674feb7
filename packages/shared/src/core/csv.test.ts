import { describe, expect, it } from 'vitest';
import { csvSafe } from './csv.ts';

describe('csvSafe', () => {
  it.each(['=SUM(A1)', '+54 11', '-2', '@cmd', '\tx', '\rx'])('prefixes %j with a quote', (value) => {
    expect(csvSafe(value)).toBe(`'${value}`);
  });

  it.each(['Ana Pérez', 'ana@empresa.com.ar', '', ' =no empieza con igual', "'ya citado"])(
    'leaves %j as it is',
    (value) => {
      expect(csvSafe(value)).toBe(value);
    },
  );
});
