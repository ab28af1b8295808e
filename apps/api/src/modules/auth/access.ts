import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from './authenticate.ts';

/**
 * The access checks a service starts with, one home each (as immich's requireAccess): who may
 * call an admin operation here; who may manage a listing in listings/listing-access.ts.
 */

/** Admin operations: anyone else gets 403 admin_required. */
export function requireAdmin(user: AuthUser): void {
  if (!user.isAdmin) throw new AppError('admin_required');
}
