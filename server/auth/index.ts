/**
 * Signing in: the auth plugin (app.authenticate, requireStaff), login, refresh and logout,
 * and resetting a forgotten password. Users and passwords are shared with vendor users.
 */
import type { Area } from '../engine/area.ts';
import { passwordResetRoutes } from './passwordReset.ts';
import { authRoutes } from './routes.ts';

export const authArea: Area = {
  name: 'auth',
  async register(app) {
    await app.register(authRoutes);
    await app.register(passwordResetRoutes);
  },
};

export { authPlugin, requireStaff, type AuthUser } from './plugin.ts';
export { hashPassword } from './passwords.ts';
export { loginRetryAfter, recordLoginFailure } from './rateLimit.ts';
export { createUser, DuplicateEmailError } from './users.ts';
