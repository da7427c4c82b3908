// Bearer sessions: opaque 256-bit tokens, stored hashed, looked up per request only by routes that need a user.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { DbOrTrx } from '../db/create-db.js';
import { forbidden, unauthorized } from '../errors.js';
import type { Deps } from './context.js';

export interface AuthUser {
  id: string;
  email: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function createSession(db: DbOrTrx, userId: string, now: number, ttlDays: number): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      expires_at: now + ttlDays * 86_400_000,
    })
    .execute();
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
    const row = await deps.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['users.id', 'users.email'])
      .where('sessions.token_hash', '=', hashToken(token))
      .where('sessions.expires_at', '>', deps.clock.now())
      .executeTakeFirst();
    user = row ?? null;
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
