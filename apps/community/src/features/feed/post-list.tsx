import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { LoadState } from '../../components/load-state';
import { Spinner } from '../../components/spinner';
import type { FeedPage } from '../../lib/post-cache';
import { usePendingActions } from '../../lib/use-outbox';
import { PostCard } from './post-card';

/**
 * A keyset-paged list of posts, the feed's or a search's: its loading and error states ("Error al cargar
 * posts", with a retry), its empty text, and the next page loaded as the seller scrolls.
 */
export function PostList({
  query,
  empty,
}: {
  query: UseInfiniteQueryResult<InfiniteData<FeedPage>>;
  empty: ReactNode;
}) {
  const pending = usePendingActions();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const posts = query.data?.pages.flatMap((page) => page.data) ?? [];

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <>
      <LoadState
        isPending={query.isPending}
        error={query.isError && posts.length === 0 ? query.error : null}
        fallback="Error al cargar posts"
        onRetry={() => void query.refetch()}
      />
      {query.isSuccess && posts.length === 0 && <div className="empty">{empty}</div>}
      <div className="feed">
        {posts.map((post, i) => (
          <PostCard key={post.id} post={post} pending={pending} priority={i === 0} />
        ))}
      </div>
      <div ref={sentinel} aria-hidden />
      {isFetchingNextPage && <Spinner label="Cargando más publicaciones…" />}
      {query.isFetchNextPageError && (
        <div className="empty" role="alert">
          <p>No se pudieron cargar más publicaciones.</p>
          <button type="button" className="button" onClick={() => void fetchNextPage()}>
            Reintentar
          </button>
        </div>
      )}
      {query.isSuccess && !hasNextPage && posts.length > 0 && (
        <p className="feed__end">No hay más publicaciones.</p>
      )}
    </>
  );
}
