import type { TAppStory } from '@panel/shared';
import { IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { timeAgo } from '../../lib/time-ago';
import { views } from '../../lib/views';
import { markStoryViewed } from './api';

/** How long one story stays before the next (the bar fills in this time). */
export const STORY_MS = 6000;
/** A downward drag longer than this closes the viewer. */
const CLOSE_DRAG_PX = 90;

/**
 * A story full screen: a bar per story, the current one filling; a tap on the right goes on, on the
 * left goes back; a swipe down (or Escape, or ×) closes. Each story shown is marked viewed.
 */
export function StoryViewer({
  stories,
  start,
  onClose,
}: {
  stories: TAppStory[];
  start: number;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [index, setIndex] = useState(start);
  const [paused, setPaused] = useState(false);
  const [dragY, setDragY] = useState(0);
  const gesture = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const story = stories[index];
  // The list keeps its order while open, even as stories become "seen".
  const [marked] = useState(() => new Set<number>());

  // Closing the viewer sends its views at once rather than with the next batch.
  useEffect(() => () => views.flush(), []);

  useEffect(() => {
    if (!story || marked.has(story.id)) return;
    marked.add(story.id);
    markStoryViewed(queryClient, story.id);
  }, [story, marked, queryClient]);

  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      if (e.key === 'ArrowRight') next();
      if (e.key === 'ArrowLeft') setIndex((i) => Math.max(0, i - 1));
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  });

  function next() {
    if (index >= stories.length - 1) onClose();
    else setIndex(index + 1);
  }

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    gesture.current = { x: e.clientX, y: e.clientY, moved: false };
    setPaused(true);
  }
  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    const g = gesture.current;
    if (!g) return;
    const dy = e.clientY - g.y;
    if (Math.abs(dy) > 10 || Math.abs(e.clientX - g.x) > 10) g.moved = true;
    setDragY(Math.max(0, dy));
  }
  function onPointerUp(e: PointerEvent<HTMLDivElement>) {
    const g = gesture.current;
    gesture.current = null;
    setPaused(false);
    setDragY(0);
    if (!g) return;
    if (e.clientY - g.y > CLOSE_DRAG_PX) {
      onClose();
      return;
    }
    if (g.moved) return;
    const { left, width } = e.currentTarget.getBoundingClientRect();
    if (e.clientX - left < width / 3) setIndex((i) => Math.max(0, i - 1));
    else next();
  }

  if (!story) return null;
  return (
    <div
      className="story-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={`Historia ${index + 1} de ${stories.length}: ${story.title}`}
    >
      <div className="story-viewer__bars">
        {stories.map((s, i) => (
          <span key={s.id} className="story-viewer__bar">
            <span
              key={i === index ? `run-${index}` : 'still'}
              className={`story-viewer__fill${i < index ? ' story-viewer__fill--done' : ''}${i === index ? ' story-viewer__fill--run' : ''}`}
              style={
                i === index
                  ? { animationDuration: `${STORY_MS}ms`, animationPlayState: paused ? 'paused' : 'running' }
                  : undefined
              }
              onAnimationEnd={i === index ? next : undefined}
              data-testid={i === index ? 'story-progress' : undefined}
            />
          </span>
        ))}
      </div>
      <div className="story-viewer__head">
        <div>
          <strong>{story.user_name}</strong> · {timeAgo(story.created_at)}
        </div>
        <button
          ref={closeRef}
          type="button"
          className="icon-button icon-button--light"
          aria-label="Cerrar historia"
          onClick={onClose}
        >
          <IconX size={26} aria-hidden />
        </button>
      </div>
      <p className="story-viewer__title">{story.title}</p>
      <div
        className="story-viewer__stage"
        data-testid="story-stage"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          gesture.current = null;
          setPaused(false);
          setDragY(0);
        }}
        style={{
          transform: dragY ? `translateY(${dragY}px)` : undefined,
          opacity: dragY ? 1 - dragY / 600 : 1,
        }}
      >
        <img src={story.image_url} alt={story.title} draggable={false} />
      </div>
    </div>
  );
}
