import { IconArrowUp, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { TopBar } from '../../components/top-bar';
import { useFeed, useNewerPosts, useStories } from './api';
import { PostList } from './post-list';
import { orderStories, StoriesRow } from './stories-row';
import { StoryViewer } from './story-viewer';

/**
 * Inicio: the stories row, then the feed, newest first, loading more as the seller scrolls; pulled down
 * it refreshes, and newer posts are offered by the "Nuevas publicaciones" pill.
 */
export default function FeedPage() {
  const queryClient = useQueryClient();
  const feed = useFeed();
  const stories = useStories();
  const [viewer, setViewer] = useState<{ list: ReturnType<typeof orderStories>; start: number } | null>(null);

  const ordered = orderStories(stories.data?.data ?? []);
  const newer = useNewerPosts(feed.data?.pages[0]?.data[0]);

  const refresh = () => Promise.all([feed.refetch(), stories.refetch()]);
  function showNewer() {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    void feed.refetch();
  }

  return (
    <main className="screen">
      <TopBar title="Comunidad">
        <Link href="/buscar" className="icon-button" aria-label="Buscar publicaciones">
          <IconSearch size={24} aria-hidden />
        </Link>
      </TopBar>
      {newer && !feed.isRefetching && (
        <button type="button" className="new-posts" onClick={showNewer}>
          <IconArrowUp size={18} aria-hidden /> Nuevas publicaciones
        </button>
      )}
      <PullToRefresh onRefresh={refresh}>
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
        <PostList query={feed} empty={<p>Todavía no hay publicaciones. ¡Publicá la primera!</p>} />
      </PullToRefresh>
    </main>
  );
}
