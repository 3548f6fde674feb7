import { readTime } from './read-time';

describe('readTime', () => {
  it('reads what a seller types on a phone keypad as HH:MM', () => {
    expect(['22:00', '2200', '22.00', '22h00', '8:30', '830', '8', '08', ' 7:05 '].map(readTime)).toEqual([
      '22:00',
      '22:00',
      '22:00',
      '22:00',
      '08:30',
      '08:30',
      '08:00',
      '08:00',
      '07:05',
    ]);
  });

  it('leaves anything else as typed, for the schema to refuse', () => {
    expect(['25:00', 'noche', '', '12345'].map(readTime)).toEqual(['25:00', 'noche', '', '12345']);
  });
});
