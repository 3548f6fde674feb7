import type { TImage } from '@panel/shared';
import classes from './post-list.module.css';

/** docs/product.md#posts: up to 3 thumbnails, and a "+N" tile for the rest. */
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

/** A card's picture (below 768 px): the first image, larger; the table's column shows them all. */
export function PostCover({ images }: { images: TImage[] }) {
  const first = images[0];
  if (!first) return null;
  return (
    <img
      src={first.thumb_url}
      alt={images.length === 1 ? 'Imagen 1 de 1' : `Imagen 1 de ${images.length}`}
      className={classes.cover}
      loading="lazy"
      decoding="async"
      width={56}
      height={56}
    />
  );
}
