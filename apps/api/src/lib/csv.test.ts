import { describe, expect, it } from 'vitest';
import { csvDateTime, csvSafe, csvStringifier } from './csv.ts';

describe('csvSafe', () => {
  it.each(['=SUM(A1)', '+54 11', '-5', '@cmd', '\tx', '\rx'])('prefixes %j with a quote', (v) => {
    expect(csvSafe(v)).toBe(`'${v}`);
  });
  it('leaves plain text, numbers and empty values alone', () => {
    expect(csvSafe('Like a post')).toBe('Like a post');
    expect(csvSafe(-5)).toBe(-5);
    expect(csvSafe(null)).toBe('');
  });
});

describe('csvStringifier', () => {
  it('writes a BOM, a header and ;-separated rows', async () => {
    const s = csvStringifier(['A', 'B']);
    const out: string[] = [];
    s.on('data', (chunk: Buffer) => out.push(chunk.toString('utf8')));
    const done = new Promise((r) => s.on('end', r));
    s.write(['uno; dos', 2]);
    s.end();
    await done;
    expect(out.join('')).toBe('\uFEFFA;B\r\n"uno; dos";2\r\n');
  });
});

describe('csvDateTime', () => {
  it('formats in the business time zone', () => {
    expect(csvDateTime(new Date('2026-03-10T02:30:00Z'), 'America/Argentina/Buenos_Aires')).toBe(
      '09/03/2026 23:30',
    );
  });
});
