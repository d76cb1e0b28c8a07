/** Vendor users, their invitations, and staff acting as a vendor (server/vendors/vendorUsers.ts, server/shell/actAs.ts). */
import type { ActingAs } from './authStorage.ts';
import { apiClient } from './apiClientHolder.ts';

export type VendorUserState = 'active' | 'invited' | 'expired' | 'inactive';

export interface VendorUser {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  state: VendorUserState;
  invited_at: string | null;
  invitation_expires_at: string | null;
}

/** An invitation's link, shown once: the server keeps only its hash. */
export interface IssuedLink {
  user: VendorUser;
  set_password_path: string;
  expires_at: string;
}

export interface InviteInput {
  email: string;
  name: string;
  phone?: string | null;
}

const base = (vendorId: string) => `/branch/api/vendors/${encodeURIComponent(vendorId)}/users/`;

export const fetchVendorUsers = (vendorId: string, signal?: AbortSignal) =>
  apiClient().get<{ results: VendorUser[] }>(base(vendorId), { signal }).then((page) => page.results);

export const inviteVendorUser = (vendorId: string, input: InviteInput) =>
  apiClient().post<IssuedLink>(`${base(vendorId)}invite/`, input, { quiet: true });

export const resendInvitation = (vendorId: string, userId: string) =>
  apiClient().post<IssuedLink>(`${base(vendorId)}${encodeURIComponent(userId)}/resend/`, undefined, { quiet: true });

export const deactivateVendorUser = (vendorId: string, userId: string) =>
  apiClient().post<VendorUser>(`${base(vendorId)}${encodeURIComponent(userId)}/deactivate/`, undefined, { quiet: true });

export const startActingAs = (vendorId: string, reason: string) =>
  apiClient().post<ActingAs>(`/branch/api/vendors/${encodeURIComponent(vendorId)}/act-as/`, { reason }, { quiet: true });

export const endActingAs = (sessionId: string) =>
  apiClient().post<void>(`/branch/api/act-as/${encodeURIComponent(sessionId)}/end/`, undefined, { quiet: true });
