/**
 * Makes the notification-type icon set (docs/product.md#constants: 1.png … 32.png) from Tabler's outline SVGs:
 * 96×96 white glyphs on a transparent background, which the panel (and the community app) show
 * on the type's colour. Run after changing the list: `node apps/web/scripts/generate-notification-icons.mjs`.
 * The PNGs are committed; nothing runs at build or install time.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/** Order matters: the file number is the position (1-based). Keep in step with notification-icons.ts. */
export const ICONS = [
  'bell',
  'speakerphone',
  'info-circle',
  'alert-triangle',
  'discount',
  'gift',
  'calendar-event',
  'clock',
  'trophy',
  'star',
  'target',
  'school',
  'book',
  'bulb',
  'users',
  'message-circle',
  'chart-bar',
  'coin',
  'receipt',
  'shopping-cart',
  'package',
  'truck',
  'building-store',
  'map-pin',
  'spray',
  'bucket',
  'sparkles',
  'rocket',
  'flame',
  'heart',
  'confetti',
  'circle-check',
];

const SIZE = 96;
const require = createRequire(import.meta.url);
const tablerDir = dirname(require.resolve('@tabler/icons/outline/bell.svg'));
const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons', 'notifications');

await mkdir(outDir, { recursive: true });
for (const [i, name] of ICONS.entries()) {
  const svg = (await readFile(join(tablerDir, `${name}.svg`), 'utf8'))
    .replace(/stroke="currentColor"/, 'stroke="#FFFFFF"')
    .replace(/stroke-width="2"/, 'stroke-width="1.75"')
    .replace(/width="24"/, `width="${SIZE}"`)
    .replace(/height="24"/, `height="${SIZE}"`);
  const png = await sharp(Buffer.from(svg), { density: 72 * (SIZE / 24) })
    .resize(SIZE, SIZE)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  await writeFile(join(outDir, `${i + 1}.png`), png);
}
console.log(`${ICONS.length} iconos en ${outDir}`);
