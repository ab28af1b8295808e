import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedIn } from '../support/login.ts';
import {
  createListing,
  createListingsTestApp,
  pngDeclaring,
  setPhotos,
  suspendUser,
  testImage,
  uploadRaw,
  uploadsServiceOf,
  uploadTestPhoto,
} from '../support/factories.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createListingsTestApp);
let owner: SignedIn;

beforeAll(async () => {
  owner = await signUp(t, { userType: 'landlord' });
});

async function fetchFile(url: string) {
  return t.request({ method: 'GET', url });
}

describe('POST /api/uploads: photos are checked, cleaned and resized', () => {
  it('stores a JPEG as WebP sizes of 320, 640 and 1280 px with the aspect kept, and serves them safely', async () => {
    const res = await uploadRaw(t, owner, await testImage({ width: 1600, height: 1200 }));
    expect(res.statusCode).toBe(201);
    const photo = res.json();
    expect(photo).toMatchObject({ ok: true, width: 1280, height: 960 });
    expect(photo.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(photo.sizes.map((s: { width: number; height: number }) => [s.width, s.height])).toEqual([
      [320, 240],
      [640, 480],
      [1280, 960],
    ]);
    expect(photo.url).toBe(photo.sizes[2].url);
    expect(photo.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/);
    expect(photo.placeholder.length).toBeLessThan(600);

    for (const size of photo.sizes) {
      const file = await fetchFile(size.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toContain('immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size.width, height: size.height });
    }
  });

  it('never enlarges a small photo', async () => {
    const photo = await uploadTestPhoto(t, owner, await testImage({ width: 500, height: 300, format: 'png' }));
    expect(photo.sizes.map((s) => s.width)).toEqual([320, 500]);
    expect([photo.width, photo.height]).toEqual([500, 300]);
  });

  it('strips EXIF with GPS and applies the orientation before stripping it', async () => {
    const withGps = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#c84' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'SpyCam', Model: 'Tracker 9000' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '9/1 1/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '38/1 45/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const original = await sharp(withGps).metadata();
    expect(original.exif?.includes(Buffer.from('SpyCam'))).toBe(true);

    const photo = await uploadTestPhoto(t, owner, withGps);
    // Orientation 6 means "rotate 90°": the stored picture is portrait.
    expect([photo.width, photo.height]).toEqual([200, 400]);
    const stored = await fetchFile(photo.url);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('SpyCam'))).toBe(false);
    expect(stored.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
  });

  it('refuses a text file, whatever its name and declared type (415)', async () => {
    const res = await uploadRaw(t, owner, Buffer.from('just some text, not a picture'), { filename: 'house.jpg', contentType: 'image/jpeg' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ ok: false, error: 'unsupported_media_type' });
  });

  it('refuses an HTML page posing as a JPEG (415)', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const res = await uploadRaw(t, owner, html, { filename: 'photo.jpg', contentType: 'image/jpeg' });
    expect(res.statusCode).toBe(415);
  });

  it('refuses an SVG even though it is an image format (415)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="red"/></svg>');
    const res = await uploadRaw(t, owner, svg, { filename: 'plan.svg', contentType: 'image/svg+xml' });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('unsupported_media_type');
  });

  it('refuses a polyglot: a valid PNG carrying a script (415)', async () => {
    const png = await testImage({ format: 'png' });
    const polyglot = Buffer.concat([png, Buffer.from('<script>fetch("/api/auth/me")</script>')]);
    expect((await sharp(polyglot).metadata()).format).toBe('png');
    const res = await uploadRaw(t, owner, polyglot, { filename: 'x.png', contentType: 'image/png' });
    expect(res.statusCode).toBe(415);
  });

  it('refuses a GIF (only JPG, PNG and WebP are accepted)', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const res = await uploadRaw(t, owner, gif, { filename: 'x.gif', contentType: 'image/gif' });
    expect(res.statusCode).toBe(415);
  });

  it('refuses a file over 10 MB (413)', async () => {
    const big = Buffer.concat([await testImage(), Buffer.alloc(10 * 1024 * 1024 + 10, 1)]);
    const res = await uploadRaw(t, owner, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ ok: false, error: 'image_too_large' });
  });

  it('refuses a decompression bomb from its header, before decoding (413)', async () => {
    const bomb = pngDeclaring(10_000, 10_000);
    expect(bomb.length).toBeLessThan(2000);
    const started = Date.now();
    const res = await uploadRaw(t, owner, bomb, { filename: 'bomb.png', contentType: 'image/png' });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toContain('40 megapixels');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses more than 40 megapixels even when the file is small (413)', async () => {
    const wide = await sharp({ create: { width: 9000, height: 5000, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    expect(wide.length).toBeLessThan(10 * 1024 * 1024);
    const res = await uploadRaw(t, owner, wide, { filename: 'wide.png', contentType: 'image/png' });
    expect(res.statusCode).toBe(413);
  });

  it('refuses a request that is not multipart (415) and one without a file (400)', async () => {
    const json = await t.request({ method: 'POST', url: '/api/uploads', headers: owner.auth, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const boundary = '----empty';
    const empty = await t.request({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...owner.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(empty.statusCode).toBe(400);
  });

  it('needs a signed-in user who is not suspended', async () => {
    const anonymous = await uploadRaw(t, null, await testImage());
    expect(anonymous.statusCode).toBe(401);
    const suspended = await signUp(t, { userType: 'landlord' });
    await suspendUser(t, suspended, new Date(t.clock.now().getTime() + 86_400_000));
    const res = await uploadRaw(t, suspended, await testImage());
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('account_suspended');
  });

  it('answers 404 for media that does not exist or a path that is not a media key', async () => {
    expect((await fetchFile('/media/00000000-0000-0000-0000-000000000000/320.webp')).statusCode).toBe(404);
    expect((await fetchFile('/media/..%2f..%2fetc/passwd')).statusCode).toBe(404);
    expect((await fetchFile('/media/not-a-key/320.webp')).statusCode).toBe(404);
  });
});

describe('orphan clean-up', () => {
  it('removes uploads no listing uses a day after upload or release, and keeps the rest', async () => {
    const sweeper = uploadsServiceOf(t);
    const orphan = await uploadTestPhoto(t, owner);
    const used = await uploadTestPhoto(t, owner);
    const released = await uploadTestPhoto(t, owner);
    const listing = await createListing(t, owner);
    expect((await setPhotos(t, owner, listing._id, [used.key, released.key])).statusCode).toBe(200);

    t.clock.advance(23 * 3600 * 1000);
    // Dropped from the listing now: its day of grace starts now, not at upload.
    expect((await setPhotos(t, owner, listing._id, [used.key])).statusCode).toBe(200);
    await sweeper.removeOrphans(t.clock.now());
    expect((await fetchFile(orphan.url)).statusCode).toBe(200);

    t.clock.advance(2 * 3600 * 1000);
    const fresh = await uploadTestPhoto(t, owner);
    const removed = await sweeper.removeOrphans(t.clock.now());
    expect(removed).toBeGreaterThanOrEqual(1);
    expect((await fetchFile(orphan.url)).statusCode).toBe(404);
    for (const size of orphan.sizes) expect((await fetchFile(size.url)).statusCode).toBe(404);
    expect((await fetchFile(used.url)).statusCode).toBe(200);
    expect((await fetchFile(released.url)).statusCode).toBe(200);
    expect((await fetchFile(fresh.url)).statusCode).toBe(200);
    // A removed upload cannot be attached any more.
    const attach = await setPhotos(t, owner, listing._id, [used.key, orphan.key]);
    expect(attach.statusCode).toBe(400);

    t.clock.advance(24 * 3600 * 1000);
    await sweeper.removeOrphans(t.clock.now());
    expect((await fetchFile(released.url)).statusCode).toBe(404);
    expect((await fetchFile(used.url)).statusCode).toBe(200);
  });
});
