#!/usr/bin/env node
// `npm run icons -w @panel/community`: draws the app's icons (the panel's drop on its teal) as real PNGs
// into public/icons/. The PNGs are committed; run this only when the drawing changes.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = fileURLToPath(new URL('../public/icons/', import.meta.url));
const TEAL = '#0b6c72';
const LIGHT = '#e6f6f7';

/** The drop and a speech bubble's tail, drawn in a 64-unit box; `inset` shrinks it for maskable icons. */
function svg({ rounded, inset }) {
  const scale = 1 - inset * 2;
  const shift = 64 * inset;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><title>Comunidad</title>
  <rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="${TEAL}"/>
  <g transform="translate(${shift} ${shift}) scale(${scale})">
    <path d="M32 10c-7.5 10.5-15 18-15 27.5a15 15 0 0 0 30 0C47 28 39.5 20.5 32 10z" fill="${LIGHT}"/>
    <circle cx="26" cy="38" r="4.2" fill="${TEAL}" opacity=".35"/>
    <path d="M41 49l7 6-1.5-8z" fill="${LIGHT}"/>
  </g>
</svg>`;
}

const icons = [
  ['icon-192.png', 192, { rounded: true, inset: 0.06 }],
  ['icon-512.png', 512, { rounded: true, inset: 0.06 }],
  // Maskable: the glyph inside the 80% safe zone, the background to the edges (the OS cuts the shape).
  ['maskable-512.png', 512, { rounded: false, inset: 0.16 }],
  ['apple-touch-icon.png', 180, { rounded: false, inset: 0.1 }],
];
for (const [name, size, options] of icons) {
  const png = await sharp(Buffer.from(svg(options)), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  writeFileSync(`${out}${name}`, png);
  console.log(`${name}: ${size}×${size}, ${png.length} bytes`);
}
writeFileSync(new URL('../public/favicon.svg', import.meta.url), svg({ rounded: true, inset: 0.06 }));
