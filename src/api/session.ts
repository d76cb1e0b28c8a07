/**
 * The signed-in session as the API hands it out and the browser keeps it: the user and
 * the tokens. Types only: the session machine (src/machines/session.ts) owns what happens
 * to them; the HTTP client and the storage read them from here.
 */
export interface SessionUser {
  id: string;
  name: string;
  phone: string | null;
  email: string;
  admin: boolean;
  vendor_id: string | null;
}

export interface SessionTokens {
  access: string;
  /** epoch ms */
  accessExpiresAt: number;
  refresh: string;
  /** epoch ms */
  refreshExpiresAt: number;
}

export interface StoredSession {
  user: SessionUser;
  tokens: SessionTokens;
}
