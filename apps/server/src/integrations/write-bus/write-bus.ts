// Tells every instance that something was written, so each can empty its short-lived answer cache
// (http/response-cache.ts): in process for one instance, through Redis pub/sub when several share
// the load. A write is announced before its answer leaves, and through Redis each other instance
// confirms that it has emptied its cache, so the writer's next request finds nothing older wherever
// it lands. Hearing a message is not enough on its own: the other instance may take up the writer's
// next request before it reads the message.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

export interface WriteBus {
  /**
   * Something was written through this instance; resolves once every instance has emptied its cache
   * (through Redis: once the others have confirmed it, or after a quarter of a second at most).
   */
  announce(): Promise<void>;
  /** Calls `listener` for a write through any instance, this one included. */
  onWrite(listener: () => void): void;
  close(): Promise<void>;
}

export function createLocalWriteBus(): WriteBus {
  const listeners: (() => void)[] = [];
  return {
    announce() {
      for (const listener of listeners) listener();
      return Promise.resolve();
    },
    onWrite(listener) {
      listeners.push(listener);
    },
    close: () => Promise.resolve(),
  };
}

const CHANNEL = 'teacheast:writes';
/** Where the other instances confirm a write to its writer: `teacheast:writes:emptied:<instance>`. */
const CONFIRMATIONS = 'teacheast:writes:emptied:';
/**
 * How long a write waits for the other instances' confirmations. One that is stalled, or of a previous
 * release that does not confirm, still drops its entries when they expire (RESPONSE_CACHE_MS).
 */
const CONFIRMATION_WAIT_MS = 250;

/** A write of this instance awaiting confirmations: those heard so far, and how many are due once known. */
interface AwaitedWrite {
  heard: number;
  due?: number;
  done?: () => void;
}

export function createRedisWriteBus(url: string, options: { confirmationWaitMs?: number } = {}): WriteBus {
  const waitMs = options.confirmationWaitMs ?? CONFIRMATION_WAIT_MS;
  const local = createLocalWriteBus();
  const instance = randomUUID();
  const publisher = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null, enableOfflineQueue: true });
  publisher.on('error', () => undefined);
  subscriber.on('error', () => undefined);
  // Until this instance listens, it cannot hear confirmations and waits for none.
  let listening = false;
  subscriber.subscribe(CHANNEL, CONFIRMATIONS + instance).then(
    () => (listening = true),
    () => undefined,
  );
  const awaiting = new Map<string, AwaitedWrite>();
  let sequence = 0;
  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== CHANNEL) {
      const write = awaiting.get(message);
      if (!write) return;
      write.heard++;
      if (write.due !== undefined && write.heard >= write.due) write.done?.();
      return;
    }
    // "<instance> <write>"; a previous release announces "<instance>" alone and waits for nothing.
    const [from, write] = message.split(' ');
    if (from === instance) return;
    void local.announce(); // empties this instance's cache at once, before confirming
    if (from && write) void publisher.publish(CONFIRMATIONS + from, write).catch(() => undefined);
  });
  return {
    async announce() {
      await local.announce();
      const write = `${++sequence}`;
      const awaited: AwaitedWrite = { heard: 0 };
      // Registered before publishing: a confirmation can be read before the publish's own answer.
      awaiting.set(write, awaited);
      try {
        // Redis down: the other instances' entries still end with their short lifetime.
        const receivers = await publisher.publish(CHANNEL, `${instance} ${write}`).catch(() => 0);
        // Every listening instance hears it, this one included.
        awaited.due = listening ? receivers - 1 : 0;
        if (awaited.heard >= awaited.due) return;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs);
          awaited.done = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      } finally {
        awaiting.delete(write);
      }
    },
    onWrite: (listener) => local.onWrite(listener),
    async close() {
      for (const awaited of awaiting.values()) awaited.done?.();
      publisher.disconnect();
      subscriber.disconnect();
      return Promise.resolve();
    },
  };
}
