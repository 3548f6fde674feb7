import { isPostList, postFromSavedLists, postIdOf } from './saved-post';

const post = (id: number, likes: number) => ({ id, content: `Publicación ${id}`, likes_count: likes });

describe('a post from the saved lists', () => {
  it('reads the id of a post call only, not of its comments or likes', () => {
    expect(postIdOf('/api/app/posts/42')).toBe(42);
    expect(postIdOf('/api/app/posts/42/comments')).toBeNull();
    expect(postIdOf('/api/app/posts/abc')).toBeNull();
    expect(isPostList('/api/app/feed')).toBe(true);
    expect(isPostList('/api/app/notifications')).toBe(false);
  });

  it('answers the post as its own call does, from the newest saved list that holds it', () => {
    const lists = [
      { savedAt: 1000, body: { data: [post(1, 0), post(2, 3)], meta: {} } },
      { savedAt: 3000, body: { data: [post(2, 5)], meta: {} } },
      { savedAt: 2000, body: { data: [post(2, 4)], meta: {} } },
      { savedAt: 4000, body: { message: 'otra cosa' } },
      { savedAt: 5000, body: null },
    ];
    expect(postFromSavedLists(lists, 2)).toEqual({ data: post(2, 5) });
    expect(postFromSavedLists(lists, 1)).toEqual({ data: post(1, 0) });
    expect(postFromSavedLists(lists, 9)).toBeNull();
  });
});
