import type { TAppPost } from '@panel/shared';
import { useEffect, useRef, useState } from 'react';

type Image = TAppPost['images'][number];

/**
 * The thumbnail (about 320 px) shows first; the full image replaces it once it is near the screen
 * and loaded, so a slow connection still shows every post at once.
 */
function ProgressiveImage({ image, alt, priority }: { image: Image; alt: string; priority: boolean }) {
  const ref = useRef<HTMLImageElement>(null);
  const [src, setSrc] = useState(image.thumb_url);

  useEffect(() => {
    const node = ref.current;
    if (!node || image.url === image.thumb_url) return;
    let cancelled = false;
    const upgrade = () => {
      const full = new Image();
      full.onload = () => {
        if (!cancelled) setSrc(image.url);
      };
      full.src = image.url;
    };
    if (typeof IntersectionObserver === 'undefined') {
      upgrade();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          upgrade();
        }
      },
      { rootMargin: '300px' },
    );
    observer.observe(node);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [image.url, image.thumb_url]);

  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      // The rest wait behind it: one that is partly on screen (the next post's) is not worth the
      // bandwidth the screen's largest paint needs.
      fetchPriority={priority ? 'high' : 'low'}
      decoding="async"
      draggable={false}
    />
  );
}

/**
 * The post's images: swipe sideways (CSS scroll snap, no script needed), with a dot per image. The
 * first post's first image is the screen's largest paint: `priority` fetches it at once, first.
 */
export function Gallery({
  images,
  label,
  priority = false,
}: {
  images: Image[];
  label: string;
  priority?: boolean;
}) {
  const track = useRef<HTMLElement>(null);
  const [index, setIndex] = useState(0);
  if (images.length === 0) return null;

  const onScroll = () => {
    const node = track.current;
    if (!node || node.clientWidth === 0) return;
    setIndex(Math.round(node.scrollLeft / node.clientWidth));
  };
  const go = (i: number) => {
    const node = track.current;
    node?.scrollTo({ left: i * node.clientWidth, behavior: 'smooth' });
  };

  return (
    <div className="gallery">
      <section
        ref={track}
        className="gallery__track"
        onScroll={onScroll}
        tabIndex={images.length > 1 ? 0 : -1}
        aria-label={`Imágenes de ${label}`}
      >
        {images.map((image, i) => (
          <div className="gallery__slide" key={image.id}>
            <ProgressiveImage
              image={image}
              alt={`Imagen ${i + 1} de ${images.length}`}
              priority={priority && i === 0}
            />
          </div>
        ))}
      </section>
      {images.length > 1 && (
        <div className="gallery__dots">
          {images.map((image, i) => (
            <button
              key={image.id}
              type="button"
              className={`gallery__dot${i === index ? ' gallery__dot--active' : ''}`}
              aria-label={`Ver imagen ${i + 1} de ${images.length}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
