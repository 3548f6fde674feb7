import { canSendAsIs, fitWithin, jpegName, resizeImage } from './resize-image';

describe('fitWithin', () => {
  it('shrinks the long edge to the limit and keeps the aspect ratio', () => {
    expect(fitWithin(4032, 3024, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(5000, 100, 1600)).toEqual({ width: 1600, height: 32 });
  });

  it('never enlarges a small photo and never gives a zero edge', () => {
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(10000, 1, 1600)).toEqual({ width: 1600, height: 1 });
  });

  it('refuses an image without size', () => {
    expect(() => fitWithin(0, 10, 1600)).toThrow();
  });
});

describe('jpegName', () => {
  it('gives the photo a .jpg name', () => {
    expect(jpegName('IMG_0001.HEIC')).toBe('IMG_0001.jpg');
    expect(jpegName('foto.de.la.góndola.png')).toBe('foto.de.la.góndola.jpg');
    expect(jpegName('sin-extension')).toBe('sin-extension.jpg');
    expect(jpegName('.png')).toBe('foto.jpg');
  });
});

describe('canSendAsIs', () => {
  it('keeps only small JPEG or WebP files that already fit', () => {
    expect(canSendAsIs({ type: 'image/jpeg', size: 200_000 }, 1200, 900, 1600)).toBe(true);
    expect(canSendAsIs({ type: 'image/jpeg', size: 200_000 }, 2000, 900, 1600)).toBe(false);
    expect(canSendAsIs({ type: 'image/jpeg', size: 5_000_000 }, 1200, 900, 1600)).toBe(false);
    expect(canSendAsIs({ type: 'image/png', size: 200_000 }, 1200, 900, 1600)).toBe(false);
  });
});

describe('resizeImage', () => {
  const drawn: { width: number; height: number }[] = [];
  beforeEach(() => {
    drawn.length = 0;
    // jsdom has no image decoding: a bitmap of a given size and a canvas that records what it encodes.
    vi.stubGlobal('createImageBitmap', async (file: File) => {
      if (file.type === 'text/plain') throw new Error('not an image');
      const [w, h] = file.name
        .match(/(\d+)x(\d+)/)!
        .slice(1)
        .map(Number);
      return { width: w, height: h, close() {} };
    });
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        constructor(
          public width: number,
          public height: number,
        ) {}
        getContext() {
          return { fillStyle: '', fillRect() {}, drawImage() {} };
        }
        async convertToBlob(options: { type: string }) {
          drawn.push({ width: this.width, height: this.height });
          return new Blob([new Uint8Array(1000)], { type: options.type });
        }
      },
    );
  });

  it('redraws a big camera photo as a JPEG within 1600 px', async () => {
    const photo = new File([new Uint8Array(4_000_000)], 'camara-4032x3024.png', { type: 'image/png' });
    const out = await resizeImage(photo);
    expect(drawn).toEqual([{ width: 1600, height: 1200 }]);
    expect(out.type).toBe('image/jpeg');
    expect(out.name).toBe('camara-4032x3024.jpg');
    expect(out.size).toBe(1000);
  });

  it('sends a small JPEG as it is, and a file the browser cannot read untouched (the server says why)', async () => {
    const small = new File([new Uint8Array(50_000)], 'chica-800x600.jpg', { type: 'image/jpeg' });
    expect(await resizeImage(small)).toBe(small);
    const text = new File(['hola'], 'nota-1x1.txt', { type: 'text/plain' });
    expect(await resizeImage(text)).toBe(text);
    expect(drawn).toEqual([]);
  });
});
