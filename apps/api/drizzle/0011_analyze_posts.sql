-- Hand-written: statistics for posts.content_key (added by 0010). Adding a stored column rewrites
-- the table but gives the planner no statistics for it, and autovacuum only analyzes again after
-- many posts change; until then it guesses ten matches for any search and sorts every match
-- instead of walking the newest posts (docs/performance.md, API).
ANALYZE "posts";
