import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Tx } from '../db/client.ts';
import { postImages } from '../db/schema/posts.ts';
import { stories, storyViews } from '../db/schema/stories.ts';
import { THUMB_SIZE } from '../services/storage/images.ts';
import type { Storage } from '../services/storage/storage.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface StoryDef {
  title: string;
  /** How long ago it was created. */
  created: number;
  /** Index of the branch, or null for every branch. */
  branch: number | null;
  active?: boolean;
  startsIn?: number;
  /** From now: negative for a story that already ended. */
  endsIn?: number;
}

const OLDER_STORIES = [
  'Promo fin de semana largo',
  'Ranking de la quincena',
  'Nueva presentación de 3 litros',
  'Exhibiciones ganadoras',
  'Recordatorio: cierre de pedidos',
  'Capacitación: objeciones de precio',
  'Lanzamiento línea ecológica',
  'Ofertas de temporada',
];

interface Artwork {
  product: string;
  headline: string;
  from: string;
  to: string;
  accent: string;
  shape: 'bottle' | 'spray' | 'box';
}

/** Product-like pictures for the demo posts and stories, drawn at seed time (no downloads). */
const ARTWORKS: Artwork[] = [
  {
    product: 'Lavandina',
    headline: 'Promo invierno',
    from: '#1864ab',
    to: '#63e6be',
    accent: '#1971c2',
    shape: 'bottle',
  },
  {
    product: 'Detergente',
    headline: 'Nuevo aroma limón',
    from: '#f59f00',
    to: '#ffe066',
    accent: '#2b8a3e',
    shape: 'bottle',
  },
  {
    product: 'Multiuso',
    headline: 'Llegó el lanzamiento',
    from: '#862e9c',
    to: '#e599f7',
    accent: '#5f3dc4',
    shape: 'spray',
  },
  {
    product: 'Jabón en polvo',
    headline: '3x2 en autoservicios',
    from: '#0b7285',
    to: '#99e9f2',
    accent: '#e03131',
    shape: 'box',
  },
  {
    product: 'Limpiavidrios',
    headline: 'Góndola del mes',
    from: '#2b8a3e',
    to: '#b2f2bb',
    accent: '#1c7ed6',
    shape: 'spray',
  },
  {
    product: 'Suavizante',
    headline: 'Exhibición destacada',
    from: '#c2255c',
    to: '#ffc9c9',
    accent: '#ae3ec9',
    shape: 'bottle',
  },
  {
    product: 'Desengrasante',
    headline: 'Objetivo superado',
    from: '#212529',
    to: '#868e96',
    accent: '#f76707',
    shape: 'spray',
  },
  {
    product: 'Pastillas WC',
    headline: 'Combo ahorro',
    from: '#1c7ed6',
    to: '#d0ebff',
    accent: '#0ca678',
    shape: 'box',
  },
];

function productShape(a: Artwork, cx: number, cy: number): string {
  const label = (y: number, w: number) =>
    `<rect x="${cx - w / 2}" y="${y}" width="${w}" height="110" rx="14" fill="${a.accent}"/>` +
    `<text x="${cx}" y="${y + 66}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${a.product.length > 11 ? 20 : 26}" font-weight="700" fill="#fff" text-anchor="middle">${a.product}</text>`;
  if (a.shape === 'box') {
    return (
      `<rect x="${cx - 150}" y="${cy - 170}" width="300" height="340" rx="18" fill="#fff"/>` +
      `<rect x="${cx - 150}" y="${cy - 170}" width="300" height="60" rx="18" fill="${a.accent}" opacity="0.25"/>` +
      label(cy - 40, 240)
    );
  }
  if (a.shape === 'spray') {
    return (
      `<rect x="${cx - 40}" y="${cy - 250}" width="110" height="50" rx="10" fill="#f1f3f5"/>` +
      `<rect x="${cx - 30}" y="${cy - 210}" width="60" height="60" fill="#dee2e6"/>` +
      `<rect x="${cx - 110}" y="${cy - 160}" width="220" height="360" rx="50" fill="#fff"/>` +
      label(cy - 20, 190)
    );
  }
  return (
    `<rect x="${cx - 50}" y="${cy - 240}" width="100" height="80" rx="16" fill="#f1f3f5"/>` +
    `<rect x="${cx - 110}" y="${cy - 180}" width="220" height="380" rx="44" fill="#fff"/>` +
    label(cy - 20, 190)
  );
}

function artworkSvg(a: Artwork, width: number, height: number): string {
  const cx = width / 2;
  const cy = height * 0.5;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a.from}"/><stop offset="1" stop-color="${a.to}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  <circle cx="${width * 0.82}" cy="${height * 0.16}" r="${width * 0.16}" fill="#fff" opacity="0.16"/>
  <circle cx="${width * 0.12}" cy="${height * 0.78}" r="${width * 0.1}" fill="#fff" opacity="0.12"/>
  ${productShape(a, cx, cy)}
  <text x="${cx}" y="${height - 70}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${Math.round(width / 18)}" font-weight="700" fill="#fff" text-anchor="middle">${a.headline}</text>
</svg>`;
}

interface StoredPicture {
  key: string;
  thumbKey: string;
  size: number;
  width: number;
  height: number;
}

async function drawAndStore(
  storage: Storage,
  svg: string,
  width: number,
  height: number,
): Promise<StoredPicture> {
  const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  const thumb = await sharp(bytes)
    .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
  const hash = createHash('sha256').update(bytes).digest('hex');
  const picture = { key: `${hash}.jpg`, thumbKey: `${hash}.thumb.webp`, size: bytes.length, width, height };
  await storage.put(picture.key, bytes, 'image/jpeg');
  await storage.put(picture.thumbKey, thumb, 'image/webp');
  return picture;
}

export interface MediaSeedInput {
  storage: Storage;
  postRows: { id: number; createdAt: Date }[];
  sellerIds: number[];
  branchIds: number[];
  /** Who created the stories (an admin when one exists). */
  storyAuthorId: number;
  now: Date;
  random: () => number;
}

/**
 * Pictures for the demo posts (1 to 4 each) and six stories with their views. The pictures are
 * drawn with sharp from SVG (a few hundred ms in all) and stored through the storage driver.
 */
export async function seedDemoMedia(tx: Tx, input: MediaSeedInput): Promise<void> {
  const { storage, random } = input;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const square = await Promise.all(
    ARTWORKS.map((a) => drawAndStore(storage, artworkSvg(a, 800, 800), 800, 800)),
  );
  const portrait = await Promise.all(
    ARTWORKS.slice(0, 6).map((a) => drawAndStore(storage, artworkSvg(a, 720, 1280), 720, 1280)),
  );

  const imageRows: (typeof postImages.$inferInsert)[] = [];
  input.postRows.forEach((post, i) => {
    // Mostly one or two pictures; every fifth post has four, to show the "+N" tile.
    const count = i % 5 === 0 ? 4 : 1 + Math.floor(random() * 2);
    for (let position = 0; position < count; position++) {
      const picture = square[(i + position * 3) % square.length]!;
      imageRows.push({
        postId: post.id,
        position,
        storageKey: picture.key,
        thumbKey: picture.thumbKey,
        mime: 'image/jpeg',
        size: picture.size,
        width: picture.width,
        height: picture.height,
        createdAt: post.createdAt,
      });
    }
  });
  if (imageRows.length > 0) await tx.insert(postImages).values(imageRows);

  const ago = (ms: number) => new Date(input.now.getTime() - ms);
  const storyDefs: StoryDef[] = [
    { title: 'Lanzamiento Multiuso', created: 2 * HOUR, branch: null },
    { title: 'Promo de invierno en lavandina', created: 5 * HOUR, branch: 0 },
    { title: 'Exhibición destacada del mes', created: 9 * HOUR, branch: null, endsIn: 72 * HOUR },
    { title: 'Capacitación de ventas: combo ahorro', created: 20 * HOUR, branch: 1, active: false },
    { title: 'Nuevo aroma limón', created: 1 * HOUR, branch: null, startsIn: 18 * HOUR },
    { title: 'Resultados de la semana', created: 40 * HOUR, branch: null },
    // Earlier ones, shown two days each: views on every few days of the month before.
    ...OLDER_STORIES.map((title, j) => ({
      title,
      created: (4 + j * 3) * DAY + (j % 3) * 2 * HOUR,
      branch: j % 4 === 1 ? 2 : null,
      endsIn: -((4 + j * 3) * DAY - 2 * DAY),
    })),
  ];
  const storyRows = await tx
    .insert(stories)
    .values(
      storyDefs.map((s, i) => ({
        title: s.title,
        imageKey: portrait[i % portrait.length]!.key,
        thumbKey: portrait[i % portrait.length]!.thumbKey,
        createdBy: input.storyAuthorId,
        branchId: s.branch === null ? null : (input.branchIds[s.branch] ?? null),
        active: s.active ?? true,
        startsAt: s.startsIn ? new Date(input.now.getTime() + s.startsIn) : null,
        endsAt: s.endsIn ? new Date(input.now.getTime() + s.endsIn) : null,
        createdAt: ago(s.created),
      })),
    )
    .returning({ id: stories.id, createdAt: stories.createdAt });

  const views: (typeof storyViews.$inferInsert)[] = [];
  storyRows.forEach((story, i) => {
    if (i === 4) return; // not started yet: nobody has seen it
    const viewers = new Set(
      Array.from({ length: 4 + Math.floor(random() * 14) }, () => pick(input.sellerIds)),
    );
    for (const userId of viewers) {
      // Within a day of its start (and never after it ended).
      const ended = (storyDefs[i]?.endsIn ?? 0) < 0;
      const span = ended ? 30 * HOUR : 20 * HOUR;
      const after = Math.min(input.now.getTime() - story.createdAt.getTime(), span) * random();
      views.push({ storyId: story.id, userId, viewedAt: new Date(story.createdAt.getTime() + after) });
    }
  });
  if (views.length > 0) await tx.insert(storyViews).values(views);
}
