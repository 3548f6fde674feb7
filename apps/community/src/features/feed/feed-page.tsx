import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LoadState } from '../../components/load-state';
import { Spinner } from '../../components/spinner';
import { TopBar } from '../../components/top-bar';
import { usePendingActions } from '../../lib/use-outbox';
import { useFeed, useStories } from './api';
import { PostCard } from './post-card';
import { orderStories, StoriesRow } from './stories-row';
import { StoryViewer } from './story-viewer';

/** Inicio: the stories row, then the feed, newest first, loading more as the seller scrolls. */
export default function FeedPage() {
  const queryClient = useQueryClient();
  const feed = useFeed();
  const stories = useStories();
  const pending = usePendingActions();
  const [viewer, setViewer] = useState<{ list: ReturnType<typeof orderStories>; start: number } | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;

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

  const ordered = orderStories(stories.data?.data ?? []);
  const posts = feed.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <main className="screen">
      <TopBar title="Comunidad" />
      {stories.isPending ? (
        // The row's room is kept while it loads, so the feed below does not jump (layout shift).
        <div className="stories stories--loading" aria-hidden />
      ) : (
        <StoriesRow stories={ordered} onOpen={(start) => setViewer({ list: ordered, start })} />
      )}
      {viewer && (
        <StoryViewer
          stories={viewer.list}
          start={viewer.start}
          onClose={() => {
            setViewer(null);
            void queryClient.invalidateQueries({ queryKey: ['stories'] });
          }}
        />
      )}
      <LoadState
        isPending={feed.isPending}
        error={feed.isError && posts.length === 0 ? feed.error : null}
        fallback="Error al cargar posts"
        onRetry={() => void feed.refetch()}
      />
      {feed.isSuccess && posts.length === 0 && (
        <div className="empty">
          <p>Todavía no hay publicaciones. ¡Publicá la primera!</p>
        </div>
      )}
      <div className="feed">
        {posts.map((post) => (
          <PostCard key={post.id} post={post} pending={pending} />
        ))}
      </div>
      <div ref={sentinel} aria-hidden />
      {isFetchingNextPage && <Spinner label="Cargando más publicaciones…" />}
      {feed.isFetchNextPageError && (
        <div className="empty" role="alert">
          <p>No se pudieron cargar más publicaciones.</p>
          <button type="button" className="button" onClick={() => void fetchNextPage()}>
            Reintentar
          </button>
        </div>
      )}
      {feed.isSuccess && !hasNextPage && posts.length > 0 && (
        <p className="feed__end">No hay más publicaciones.</p>
      )}
    </main>
  );
}
