import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TPhoto } from '@betoch/contracts/uploads';
import { isAbortError } from '@/lib/upload-file';
import { randomId } from '@/lib/random-id';
import { uploadPhoto } from '../api/upload-photo';
import { moveItem, selectPhotos, type PhotoSelection } from '../lib/photo-selection';

/** ready: picked, not sent yet; waiting: queued for a free upload slot. */
export type PhotoStatus = 'ready' | 'waiting' | 'uploading' | 'uploaded' | 'failed';

export interface PhotoItem {
  id: string;
  /** The picked file; null for a photo the listing already had. */
  file: File | null;
  /** What the thumbnail shows: a local object URL, or the stored photo's smallest size. */
  previewUrl: string;
  status: PhotoStatus;
  /** 0..1 of the bytes sent. */
  progress: number;
  error: unknown;
  photo: TPhoto | null;
}

export class PhotoUploadError extends Error {
  constructor(readonly failed: number) {
    super('Failed to upload photos');
    this.name = 'PhotoUploadError';
  }
}

/** Photos go up two at a time: on a slow line, eight parallel uploads would each crawl. */
const PARALLEL_UPLOADS = 2;

function previewOf(photo: TPhoto): string {
  return photo.sizes[0]?.url ?? photo.url;
}

function fromStored(photo: TPhoto): PhotoItem {
  return { id: photo.key, file: null, previewUrl: previewOf(photo), status: 'uploaded', progress: 1, error: null, photo };
}

export interface PhotoQueue {
  items: PhotoItem[];
  /** Adds picked files under the photo rule; answers what was refused or dropped. */
  add(files: readonly File[]): PhotoSelection;
  remove(id: string): void;
  /** Moves a photo earlier (-1) or later (+1); the first one is the primary photo. */
  move(id: string, delta: number): void;
  /** Sends a failed photo again; the others and the form stay as they are. */
  retry(id: string): void;
  /** Uploads every photo not yet stored; the stored photos in order, or PhotoUploadError. */
  uploadAll(): Promise<TPhoto[]>;
  /** Starts over from a listing's stored photos (editing). */
  reset(photos: readonly TPhoto[]): void;
  uploadedCount: number;
  pendingCount: number;
  failedCount: number;
  /** True while any photo is waiting or being sent. */
  busy: boolean;
}

/**
 * The photos of a posting form: each with a preview, its own progress and error, kept in the
 * order the poster chose. With `autoUpload` a photo goes up as soon as it is picked (signed-in
 * posters); without it (the signed-out welcome wizard) photos wait for `uploadAll`.
 */
export function usePhotoQueue({ autoUpload, initial = [] }: { autoUpload: boolean; initial?: readonly TPhoto[] }): PhotoQueue {
  const [items, setItemsState] = useState<PhotoItem[]>(() => initial.map(fromStored));
  // The ref is the truth the async code reads; the state is what renders.
  const itemsRef = useRef(items);
  const setItems = useCallback((update: (prev: PhotoItem[]) => PhotoItem[]) => {
    itemsRef.current = update(itemsRef.current);
    setItemsState(itemsRef.current);
  }, []);
  const patch = useCallback(
    (id: string, change: Partial<PhotoItem>) => setItems((prev) => prev.map((i) => (i.id === id ? { ...i, ...change } : i))),
    [setItems],
  );

  const inflight = useRef(new Map<string, { promise: Promise<TPhoto>; controller: AbortController }>());
  const running = useRef(0);
  const waiting = useRef<(() => void)[]>([]);
  const alive = useRef(true);

  const slot = useCallback(async (): Promise<() => void> => {
    if (running.current >= PARALLEL_UPLOADS) await new Promise<void>((resolve) => waiting.current.push(resolve));
    running.current += 1;
    return () => {
      running.current -= 1;
      waiting.current.shift()?.();
    };
  }, []);

  const uploadOne = useCallback(
    (id: string): Promise<TPhoto> => {
      const existing = inflight.current.get(id);
      if (existing) return existing.promise;
      const item = itemsRef.current.find((i) => i.id === id);
      if (!item) return Promise.reject(new PhotoUploadError(1));
      if (item.status === 'uploaded' && item.photo) return Promise.resolve(item.photo);
      const file = item.file;
      if (!file) return Promise.reject(new PhotoUploadError(1));

      const controller = new AbortController();
      patch(id, { status: 'waiting', progress: 0, error: null });
      const promise = (async () => {
        const release = await slot();
        try {
          if (controller.signal.aborted) throw new DOMException('Removed', 'AbortError');
          patch(id, { status: 'uploading' });
          const photo = await uploadPhoto(file, {
            signal: controller.signal,
            onProgress: (p) => patch(id, { progress: p.fraction }),
          });
          patch(id, { status: 'uploaded', progress: 1, photo, error: null });
          return photo;
        } catch (error) {
          if (!isAbortError(error) && alive.current) patch(id, { status: 'failed', error });
          throw error;
        } finally {
          release();
          inflight.current.delete(id);
        }
      })();
      inflight.current.set(id, { promise, controller });
      return promise;
    },
    [patch, slot],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const selection = selectPhotos(itemsRef.current.length, files);
      const added: PhotoItem[] = selection.accepted.map((file) => ({
        id: randomId(),
        file,
        previewUrl: URL.createObjectURL(file),
        status: 'ready',
        progress: 0,
        error: null,
        photo: null,
      }));
      if (added.length) {
        setItems((prev) => [...prev, ...added]);
        if (autoUpload) for (const item of added) uploadOne(item.id).catch(() => undefined);
      }
      return selection;
    },
    [autoUpload, setItems, uploadOne],
  );

  const remove = useCallback(
    (id: string) => {
      inflight.current.get(id)?.controller.abort();
      const item = itemsRef.current.find((i) => i.id === id);
      if (item?.file) URL.revokeObjectURL(item.previewUrl);
      setItems((prev) => prev.filter((i) => i.id !== id));
    },
    [setItems],
  );

  const move = useCallback(
    (id: string, delta: number) =>
      setItems((prev) =>
        moveItem(
          prev,
          prev.findIndex((i) => i.id === id),
          delta,
        ),
      ),
    [setItems],
  );

  const retry = useCallback((id: string) => void uploadOne(id).catch(() => undefined), [uploadOne]);

  const uploadAll = useCallback(async () => {
    const ids = itemsRef.current.filter((i) => i.status !== 'uploaded' || !i.photo).map((i) => i.id);
    const results = await Promise.allSettled(ids.map((id) => uploadOne(id)));
    const failed = results.filter((r) => r.status === 'rejected' && !isAbortError(r.reason)).length;
    const current = itemsRef.current;
    const notStored = current.filter((i) => i.status !== 'uploaded' || !i.photo).length;
    if (failed || notStored) throw new PhotoUploadError(Math.max(failed, notStored));
    return current.map((i) => i.photo as TPhoto);
  }, [uploadOne]);

  const reset = useCallback(
    (photos: readonly TPhoto[]) => {
      for (const { controller } of inflight.current.values()) controller.abort();
      for (const i of itemsRef.current) if (i.file) URL.revokeObjectURL(i.previewUrl);
      setItems(() => photos.map(fromStored));
    },
    [setItems],
  );

  // Leaving the page stops the uploads and frees the previews.
  useEffect(() => {
    alive.current = true;
    const inflightMap = inflight.current;
    return () => {
      alive.current = false;
      for (const { controller } of inflightMap.values()) controller.abort();
      for (const i of itemsRef.current) if (i.file) URL.revokeObjectURL(i.previewUrl);
    };
  }, []);

  return useMemo(() => {
    const uploadedCount = items.filter((i) => i.status === 'uploaded').length;
    const failedCount = items.filter((i) => i.status === 'failed').length;
    const pendingCount = items.filter((i) => i.status === 'waiting' || i.status === 'uploading').length;
    return {
      items,
      add,
      remove,
      move,
      retry,
      uploadAll,
      reset,
      uploadedCount,
      failedCount,
      pendingCount,
      busy: pendingCount > 0,
    };
  }, [items, add, remove, move, retry, uploadAll, reset]);
}
