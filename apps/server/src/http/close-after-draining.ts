// A refusal sent before the request's body is read (413, 401, 415, a locked-out log-in, a server
// shutting down) closes the connection gracefully, as RFC 9112 §9.6 asks: answer, then read and
// discard what the client is still sending, for a bounded size and time, then close. Closing at
// once, with the client's bytes unread, makes the kernel reset the connection, and a client still
// writing its body (Node's http and fetch, browsers) gets EPIPE or a reset instead of the answer.
import { Socket } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A little more than the largest body any route takes (12 MB), so an honest client's overshoot is read to its end. */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
/** From the end of the answer; a client is reading the answer well before then. */
export const DRAIN_MAX_MS = 2_000;

/** A body announced and not yet read to its end. */
export function hasUnreadBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  const announced = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  return announced && !req.complete;
}

/**
 * Marks the answer `Connection: close` and, where a body is still arriving, drains it once the
 * answer is written: at most DRAIN_MAX_BYTES or DRAIN_MAX_MS, then the connection is destroyed.
 */
export function closeAfterDraining(request: FastifyRequest, reply: FastifyReply): void {
  void reply.header('connection', 'close');
  const req = request.raw;
  const socket = req.socket as Socket | null;
  // app.inject() has no real connection to drain.
  if (!(socket instanceof Socket) || req.complete || Object.hasOwn(socket, 'destroySoon')) return;

  // Reading the request ourselves also stops Node dumping it without a bound.
  let read = 0;
  let answered = false;
  req.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > DRAIN_MAX_BYTES) socket.destroy();
  });
  req.resume();
  // The whole body is in: nothing unread is left to cause a reset, so Node's own close is safe.
  req.once('end', () => {
    delete (socket as Partial<Socket>).destroySoon;
    if (answered) socket.destroySoon();
  });

  // Node closes the connection of a `Connection: close` answer with socket.destroySoon() once the
  // answer is written (and with socket.end() where a socket has none). For this one connection it
  // sends the end of the answer and goes on reading instead; the kernel's reset cannot come before
  // the client has had the time to read what was answered.
  socket.destroySoon = () => {
    answered = true;
    socket.end();
    const timer = setTimeout(() => socket.destroy(), DRAIN_MAX_MS);
    socket.once('close', () => clearTimeout(timer));
  };
}
