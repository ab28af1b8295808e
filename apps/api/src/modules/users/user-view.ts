import type { TUser } from '@betoch/contracts/auth';
import type { Role } from '@betoch/contracts/constants';
import type { UserRow } from '../../db/schema/users.ts';
import type { WalletSnapshot } from '../wallet/wallet-balance.ts';

export function rolesOf(user: Pick<UserRow, 'userType' | 'isAdmin'>): Role[] {
  return user.isAdmin ? [user.userType, 'admin'] : [user.userType];
}

/** A suspension ends by itself when its date passes. */
export function effectiveStatus(user: Pick<UserRow, 'status' | 'suspendedUntil'>, now: Date): TUser['status'] {
  if (user.status === 'suspended' && user.suspendedUntil && user.suspendedUntil <= now) return 'active';
  return user.status;
}

/** The user as the owner sees themself (the me call and sign-in answers). */
export function toUserAnswer(user: UserRow, wallet: WalletSnapshot, now: Date): TUser {
  const isDelala = user.userType === 'delala';
  const status = effectiveStatus(user, now);
  return {
    phone: user.phone,
    sub: user.phone,
    name: user.name,
    email: user.email,
    userType: user.userType,
    agency_name: user.agencyName,
    roles: rolesOf(user),
    wallet_credits: wallet.credits,
    ...(isDelala ? { post_credits: wallet.postCredits } : {}),
    badges: isDelala ? { post_credits: wallet.postCredits } : {},
    sub_tenant_unlimited_until: wallet.tenantUnlimitedUntil?.toISOString() ?? null,
    sub_delala_unlimited_until: wallet.delalaUnlimitedUntil?.toISOString() ?? null,
    status,
    suspended_until: status === 'suspended' ? (user.suspendedUntil?.toISOString() ?? null) : null,
    createdAt: user.createdAt.toISOString(),
  };
}
