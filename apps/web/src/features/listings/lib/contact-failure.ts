import { ApiError } from '@/lib/api-client';

/** 403 contact_hidden: the owner accepts messages only (the listing may have changed since it loaded). */
export function isContactHidden(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'contact_hidden';
}
