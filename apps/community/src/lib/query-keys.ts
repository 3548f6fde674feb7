/** The query keys every screen shares (a like changes the feed and the post's screen). */
export const qk = {
  feed: ['feed'] as const,
  /** A search of the feed: under ['feed'], so a like or a comment count changes it too. */
  search: (q: string) => ['feed', 'search', q] as const,
  /** The newest post only: is there anything newer than what the feed shows? */
  feedHead: ['feed-head'] as const,
  post: (id: number) => ['post', id] as const,
  comments: (id: number) => ['comments', id] as const,
  stories: ['stories'] as const,
  notifications: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  events: ['events'] as const,
  surveys: ['surveys'] as const,
  points: ['points'] as const,
  transactions: ['points', 'transactions'] as const,
  leaderboard: ['points', 'leaderboard'] as const,
  /** Perfil's open sessions (GET /api/me/sessions). */
  sessions: ['me', 'sessions'] as const,
};
