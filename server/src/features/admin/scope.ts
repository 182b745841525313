import { APP } from '@hangar/contract';
import type { AccessClaims } from '../../platform/identity/access-token.ts';

/** The BU an admin's lists are limited to: none for a super admin; a local admin's own (or nothing). */
export const scopeOf = (admin: AccessClaims): string | undefined =>
  admin.apps.includes(APP.superAdmin) ? undefined : (admin.bu ?? '__none__');
