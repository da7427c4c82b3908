// Bearer sessions: opaque 256-bit tokens, stored hashed, looked up per request only by routes that need a user.
import type { FastifyRequest } from 'fastify';
import type { DbOrTrx } from '../../db/create-db.js';
import type { Deps } from '../../deps.js';
import { forbidden, unauthorized } from '../../errors.js';
import * as repo from './repo.js';
import { hashToken, newToken } from './tokens.js';

export interface AuthUser {
  id: string;
  email: string;
}

export async function createSession(db: DbOrTrx, userId: string, now: number, ttlDays: number): Promise<string> {
  const token = newToken();
  await repo.insertSession(db, hashToken(token), userId, now, now + ttlDays * 86_400_000);
  return token;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

const USER_KEY = Symbol('teacheast.user');
type RequestWithUser = FastifyRequest & { [USER_KEY]?: AuthUser | null };

/** The logged-in user, or null. Looked up once per request. */
export async function findUser(deps: Deps, request: FastifyRequest): Promise<AuthUser | null> {
  const r = request as RequestWithUser;
  if (r[USER_KEY] !== undefined) return r[USER_KEY];
  const token = bearerToken(request);
  let user: AuthUser | null = null;
  if (token && token.length <= 100) {
    user = (await repo.findSessionUser(deps.db, hashToken(token), deps.clock.now())) ?? null;
  }
  r[USER_KEY] = user;
  return user;
}

export async function requireUser(deps: Deps, request: FastifyRequest, message?: string): Promise<AuthUser> {
  const user = await findUser(deps, request);
  if (!user) throw unauthorized(message);
  return user;
}

/** For routes with {userUuid} in the path: the token's user must be that user. */
export async function requireSelf(
  deps: Deps,
  request: FastifyRequest,
  userUuid: string,
  message?: string,
): Promise<AuthUser> {
  const user = await requireUser(deps, request, message);
  if (user.id !== userUuid) throw forbidden('You can only do that for your own account');
  return user;
}

export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return bearerToken(request);
}
