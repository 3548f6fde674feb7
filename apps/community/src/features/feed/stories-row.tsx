import type { TAppStory } from '@panel/shared';

/** The active stories in a row: unseen ones first and ringed in the brand colour. */
export function StoriesRow({ stories, onOpen }: { stories: TAppStory[]; onOpen: (index: number) => void }) {
  if (stories.length === 0) return null;
  return (
    <section className="stories" aria-label="Historias">
      <ul className="stories__list">
        {stories.map((story, index) => (
          <li key={story.id}>
            <button
              type="button"
              className={`story-bubble${story.viewed_by_me ? ' story-bubble--seen' : ''}`}
              onClick={() => onOpen(index)}
              aria-label={`Historia: ${story.title}${story.viewed_by_me ? ' (vista)' : ''}`}
            >
              <span className="story-bubble__ring">
                {/* Small, and behind the first post's image, the screen's largest paint. */}
                <img src={story.thumb_url ?? story.image_url} alt="" loading="lazy" fetchPriority="low" />
              </span>
              <span className="story-bubble__title">{story.title}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Unseen stories first, each group newest first (the server's order). */
export function orderStories(stories: TAppStory[]): TAppStory[] {
  return [...stories.filter((s) => !s.viewed_by_me), ...stories.filter((s) => s.viewed_by_me)];
}
