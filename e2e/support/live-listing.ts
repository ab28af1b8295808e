import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { apiSignUp, type ApiSession } from './auth';

const PHOTOS = ['room-1.jpg', 'room-2.jpg', 'room-3.jpg'].map((name) => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures', name));

export interface LiveListing {
  id: string;
  title: string;
  /** The landlord who posted it (their phone is the listing's contact). */
  landlord: ApiSession;
}

async function call<T>(
  request: APIRequestContext,
  session: ApiSession,
  method: 'POST' | 'PATCH',
  url: string,
  options: Parameters<APIRequestContext['fetch']>[1] = {},
): Promise<T> {
  const res = await request.fetch(`/api${url}`, { ...options, method, headers: { ...options.headers, authorization: `Bearer ${session.token}` } });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * A new landlord posts a live listing through the API (draft, its photos, publish), so a journey
 * knows the poster's phone. `contactPreference` 'show' lets tenants unlock the number.
 */
export async function createLiveListing(
  request: APIRequestContext,
  options: {
    contactPreference?: 'show' | 'hide';
    title?: string;
    type?: string;
    bedrooms?: number;
    priceEtb?: number;
    /** The place it names (a word the place search finds); Edna Mall unless given. */
    place?: string;
    /** Who posts it; a new landlord unless given. */
    landlord?: ApiSession;
    /** How many photos it has (1 to 3, each a different room); one unless given. */
    photos?: 1 | 2 | 3;
  } = {},
): Promise<LiveListing> {
  const landlord = options.landlord ?? (await apiSignUp(request, { role: 'landlord', name: 'Abebe Kebede' }));
  const title = options.title ?? `2-Bedroom Apartment near Edna Mall ${Math.floor(Math.random() * 1e6)}`;
  const keys: string[] = [];
  for (const file of PHOTOS.slice(0, options.photos ?? 1)) {
    const photo = await call<{ key: string }>(request, landlord, 'POST', '/uploads', {
      multipart: { file: { name: path.basename(file), mimeType: 'image/jpeg', buffer: fs.readFileSync(file) } },
    });
    keys.push(photo.key);
  }
  const draft = await call<{ _id: string }>(request, landlord, 'POST', '/listings', {
    data: {
      title,
      description: 'Bright apartment with a balcony, a water tank and a guard. Close to Edna Mall.',
      type: options.type ?? 'apartment',
      price_etb: options.priceEtb ?? 25000,
      bedrooms: options.bedrooms ?? 2,
      bathrooms: 1,
      area_sqm: 90,
      specific_location: options.place ?? 'Edna Mall',
      subcity: 'Bole',
      contact_preference: options.contactPreference ?? 'show',
    },
  });
  await call(request, landlord, 'PATCH', `/listings/${draft._id}`, { data: { photos: keys } });
  await call(request, landlord, 'POST', `/listings/${draft._id}/publish`);
  return { id: draft._id, title, landlord };
}

/** A word of letters only after `prefix`, different every run (the place search ignores digits). */
export function placeWord(prefix: string): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let word = prefix;
  for (let i = 0; i < 8; i++) word += letters[Math.floor(Math.random() * letters.length)];
  return word.replace(/(.)\1+/g, '$1');
}
