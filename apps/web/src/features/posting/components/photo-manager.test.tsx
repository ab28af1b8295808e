import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { TPhoto } from '@betoch/contracts/uploads';
import { ApiError, NETWORK_ERROR } from '@/lib/api-client';
import { usePhotoQueue } from '../hooks/use-photo-queue';
import { testI18n } from '../test/test-i18n';
import { PhotoManager } from './photo-manager';

const uploadPhoto = vi.fn<(file: File) => Promise<TPhoto>>();
vi.mock('../api/upload-photo', () => ({ uploadPhoto: (file: File) => uploadPhoto(file) }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n('en');
});
beforeEach(() => {
  let n = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:preview-${++n}`, revokeObjectURL: () => undefined }));
  uploadPhoto.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const stored = (name: string): TPhoto => ({ url: `/media/${name}/1280.webp`, key: name, width: 1280, height: 960, sizes: [], placeholder: '' });
const jpg = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

function Harness({ autoUpload = true }: { autoUpload?: boolean }) {
  const queue = usePhotoQueue({ autoUpload });
  return <PhotoManager queue={queue} />;
}

function setup(autoUpload = true) {
  const user = userEvent.setup({ applyAccept: false });
  render(
    <I18nextProvider i18n={i18n}>
      <Harness autoUpload={autoUpload} />
    </I18nextProvider>,
  );
  return { user, input: screen.getByLabelText('Add photos') };
}

function cards() {
  return screen.queryAllByRole('listitem').filter((li) => li.hasAttribute('data-photo-id'));
}

describe('PhotoManager', () => {
  it('uploads each photo with its own status; a failed one is retried alone', async () => {
    uploadPhoto.mockImplementation(async (file) => {
      if (file.name === 'kitchen.jpg' && uploadPhoto.mock.calls.filter(([f]) => f.name === 'kitchen.jpg').length === 1) {
        throw new ApiError('Network error', { status: 0, code: NETWORK_ERROR });
      }
      return stored(file.name);
    });
    const { user, input } = setup();
    await user.upload(input, [jpg('living.jpg'), jpg('kitchen.jpg'), jpg('bedroom.jpg')]);

    await waitFor(() => within(cards()[1]!).getByText('Upload failed'));
    within(cards()[1]!).getByText('Network error. Check your connection and try again.');
    await waitFor(() => within(cards()[0]!).getByText('Uploaded'));
    await waitFor(() => within(cards()[2]!).getByText('Uploaded'));
    within(cards()[0]!).getByText('Primary');

    await user.click(screen.getByRole('button', { name: 'Retry photo 2' }));
    await waitFor(() => within(cards()[1]!).getByText('Uploaded'));
    expect(uploadPhoto).toHaveBeenCalledTimes(4);
    expect(screen.queryByText('Upload failed')).toBeNull();
  });

  it('keeps at most 8 photos and says how many more could be added', async () => {
    uploadPhoto.mockImplementation(async (file) => stored(file.name));
    const { user, input } = setup();
    await user.upload(
      input,
      Array.from({ length: 6 }, (_, i) => jpg(`a${i}.jpg`)),
    );
    await user.upload(
      input,
      Array.from({ length: 4 }, (_, i) => jpg(`b${i}.jpg`)),
    );
    expect(cards()).toHaveLength(8);
    expect(screen.getByRole('alert').textContent).toContain('Only 2 more photos can be added.');
    expect((input as HTMLInputElement).disabled).toBe(true);
  });

  it('refuses a file that is not an image with a clear message', async () => {
    const { user, input } = setup();
    await user.upload(input, [new File(['%PDF'], 'lease.pdf', { type: 'application/pdf' })]);
    expect(screen.getByRole('alert').textContent).toContain('lease.pdf is not an image. Choose a JPG or PNG photo.');
    expect(cards()).toHaveLength(0);
    expect(uploadPhoto).not.toHaveBeenCalled();
  });

  it('reorders with the arrow buttons (the first is primary) and removes a photo', async () => {
    const { user, input } = setup(false);
    await user.upload(input, [jpg('one.jpg'), jpg('two.jpg'), jpg('three.jpg')]);
    expect(within(cards()[0]!).getByRole('img').getAttribute('src')).toBe('blob:preview-1');
    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    expect(within(cards()[0]!).getByRole('img').getAttribute('src')).toBe('blob:preview-2');
    within(cards()[0]!).getByText('Primary');
    // The keyboard stays on the moved photo.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move photo 1 later');

    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(cards()).toHaveLength(2);
    expect(within(cards()[0]!).getByRole('img').getAttribute('src')).toBe('blob:preview-1');
    // Without auto-upload nothing was sent yet.
    within(cards()[0]!).getByText('Uploads when you publish');
    expect(uploadPhoto).not.toHaveBeenCalled();
  });
});
