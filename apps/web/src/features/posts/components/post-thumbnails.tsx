import type { TImage } from '@panel/shared';
import classes from './post-list.module.css';

/** Spec §2.7: up to 3 thumbnails, and a "+N" tile for the rest. */
export const MAX_THUMBNAILS = 3;

export function PostThumbnails({ images }: { images: TImage[] }) {
  const shown = images.slice(0, MAX_THUMBNAILS);
  const extra = images.length - shown.length;
  if (images.length === 0) return <span className={classes.noImages}>Sin imágenes</span>;
  return (
    <div className={classes.thumbs}>
      {shown.map((image, i) => (
        <img
          key={image.id}
          src={image.thumb_url}
          alt={`Imagen ${i + 1} de ${images.length}`}
          className={classes.thumb}
          loading="lazy"
          decoding="async"
          width={32}
          height={32}
        />
      ))}
      {extra > 0 && (
        <span className={classes.more} title={`${extra} imágenes más`}>
          +{extra}
        </span>
      )}
    </div>
  );
}
