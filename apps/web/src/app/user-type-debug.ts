import { USER_TYPES, type UserType } from '@betoch/contracts/constants';
import { readUserType, writeUserType, isUserType } from '@/lib/session-storage';

declare global {
  interface Window {
    betochUserType?: { get(): UserType | null; set(value: UserType): UserType; types: readonly UserType[] };
  }
}

/**
 * Browser-console helper (spec section 2): `betochUserType.get()` and `betochUserType.set('landlord')`.
 * It changes only what this browser shows; the server decides what the account may do.
 */
export function installUserTypeDebugHelper(): void {
  window.betochUserType = {
    types: USER_TYPES,
    get: () => readUserType(),
    set: (value) => {
      if (!isUserType(value)) throw new Error(`userType must be one of: ${USER_TYPES.join(', ')}`);
      writeUserType(value);
      window.dispatchEvent(new StorageEvent('storage', { key: 'userType' }));
      return value;
    },
  };
}
