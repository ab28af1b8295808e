import { describe, expect, it } from 'vitest';
import { testI18n } from '../test/test-i18n';
import { moveItem, rejectionOf, selectPhotos } from './photo-selection';

function file(name: string, type: string, size = 1000): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

const jpg = (n: number) => Array.from({ length: n }, (_, i) => file(`room-${i}.jpg`, 'image/jpeg'));

describe('photo limit (at most 8)', () => {
  it('takes what fits and drops the rest, saying how many could be added', async () => {
    const pick = selectPhotos(6, jpg(4));
    expect(pick.accepted.map((f) => f.name)).toEqual(['room-0.jpg', 'room-1.jpg']);
    expect(pick.dropped).toBe(2);
    expect(pick.room).toBe(2);
    const i18n = await testI18n('en');
    expect(i18n.t('landlord:photos.limit', { count: pick.room })).toBe('Only 2 more photos can be added.');
  });

  it('takes all 8 into an empty manager and none into a full one', () => {
    expect(selectPhotos(0, jpg(8)).accepted).toHaveLength(8);
    const full = selectPhotos(8, jpg(1));
    expect(full).toMatchObject({ accepted: [], dropped: 1, room: 0 });
  });

  it('refuses non-images and photos over 10 MB before counting them', () => {
    const pick = selectPhotos(7, [file('notes.pdf', 'application/pdf'), file('big.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1), ...jpg(1)]);
    expect(pick.accepted).toHaveLength(1);
    expect(pick.dropped).toBe(0);
    expect(pick.rejected.map((r) => r.reason)).toEqual(['notImage', 'tooLarge']);
  });

  it('accepts exactly 10 MB, a photo without a type but with a photo extension, and refuses HEIC', () => {
    expect(rejectionOf(file('a.jpg', 'image/jpeg', 10 * 1024 * 1024))).toBeNull();
    expect(rejectionOf(file('IMG_1.JPG', ''))).toBeNull();
    expect(rejectionOf(file('notes', ''))).toBe('notImage');
    expect(rejectionOf(file('a.heic', 'image/heic'))).toBe('unsupportedImage');
  });
});

describe('reordering', () => {
  it('moves a photo one place and never past the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
