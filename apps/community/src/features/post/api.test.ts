import { COMMENTS_PER_PAGE, lastCommentPage } from './api';

describe('lastCommentPage', () => {
  it('opens on the page with the newest comments', () => {
    expect(lastCommentPage(0)).toBe(1);
    expect(lastCommentPage(1)).toBe(1);
    expect(lastCommentPage(COMMENTS_PER_PAGE)).toBe(1);
    expect(lastCommentPage(COMMENTS_PER_PAGE + 1)).toBe(2);
    expect(lastCommentPage(3 * COMMENTS_PER_PAGE)).toBe(3);
  });
});
