import { describe, expect, it } from 'vitest';
import { actionsWidths, fitColumns, listLayout, type ResourceListColumn } from './list-columns';

type Col = Pick<ResourceListColumn<unknown>, 'key' | 'width' | 'minWidth' | 'priority'>;

const COLUMNS: Col[] = [
  { key: 'image', width: 160, priority: 2 },
  { key: 'content', minWidth: 180 },
  { key: 'author', width: 136, priority: 2 },
  { key: 'branch', width: 124, priority: 3 },
  { key: 'likes', width: 104, priority: 2 },
  { key: 'date', width: 140 },
];

const keys = (set: Set<string> | null) => (set ? [...set] : null);

describe('fitColumns', () => {
  it('keeps every column when there is room', () => {
    expect(keys(fitColumns(COLUMNS, 2000))).toEqual([
      'content',
      'date',
      'image',
      'author',
      'likes',
      'branch',
    ]);
  });

  it('drops the highest priority number first, and within one number the rightmost first', () => {
    // 180 + 140 + 160 + 136 = 616: likes (104) would need 720.
    expect(keys(fitColumns(COLUMNS, 700))).toEqual(['content', 'date', 'image', 'author']);
    expect(keys(fitColumns(COLUMNS, 330))).toEqual(['content', 'date']);
  });

  it('stops at the first column that does not fit, so a narrower one of lower priority never jumps ahead', () => {
    expect(keys(fitColumns(COLUMNS, 470))).toEqual(['content', 'date']);
  });

  it('answers null when not even the priority-1 columns fit', () => {
    expect(fitColumns(COLUMNS, 300)).toBeNull();
  });

  it('gives a column without width or minimum 140 px', () => {
    expect(keys(fitColumns([{ key: 'a' }, { key: 'b', priority: 2 }], 279))).toEqual(['a']);
    expect(keys(fitColumns([{ key: 'a' }, { key: 'b', priority: 2 }], 280))).toEqual(['a', 'b']);
  });
});

describe('actionsWidths', () => {
  it('sizes icons, with room for the "Acciones" header', () => {
    expect(actionsWidths([{ icon: () => null }])).toEqual({ inline: 84, folded: 84, foldable: false });
    expect(actionsWidths([{ icon: () => null }, { icon: () => null }, { icon: () => null }]).inline).toBe(
      116,
    );
  });

  it('folds labelled buttons into one menu button, and takes the inline width the list gives', () => {
    const widths = actionsWidths([{ icon: () => null }, { icon: () => null }, { display: 'button' }], 340);
    expect(widths).toEqual({ inline: 340, folded: 116, foldable: true });
  });
});

describe('listLayout', () => {
  const users: Col[] = [
    { key: 'name', minWidth: 170 },
    { key: 'email', minWidth: 180, priority: 2 },
    { key: 'role', width: 150, priority: 2 },
  ];
  const actions = { inline: 340, folded: 116, foldable: true };

  it('is cards on a phone, whatever the width', () => {
    expect(listLayout({ columns: users, width: 2000, phone: true, selection: true, actions })).toEqual({
      mode: 'cards',
    });
  });

  it('keeps the labelled buttons on the row while every main column fits beside them', () => {
    const layout = listLayout({ columns: users, width: 942, phone: false, selection: true, actions });
    expect(layout).toMatchObject({ mode: 'table', foldActions: false, actionsWidth: 340 });
    expect(layout.mode === 'table' && keys(layout.shown)).toEqual(['name', 'email', 'role']);
  });

  it('folds the labelled buttons when that lets a main column show', () => {
    const layout = listLayout({ columns: users, width: 686, phone: false, selection: true, actions });
    expect(layout).toMatchObject({ mode: 'table', foldActions: true, actionsWidth: 116 });
    expect(layout.mode === 'table' && keys(layout.shown)).toEqual(['name', 'email', 'role']);
  });

  it('turns to cards when even the first column cannot sit beside the folded actions', () => {
    expect(listLayout({ columns: users, width: 320, phone: false, selection: true, actions })).toEqual({
      mode: 'cards',
    });
  });

  it('without actions uses the whole width for columns', () => {
    const layout = listLayout({ columns: users, width: 500, phone: false, selection: false, actions: null });
    expect(layout.mode === 'table' && keys(layout.shown)).toEqual(['name', 'email', 'role']);
  });
});
