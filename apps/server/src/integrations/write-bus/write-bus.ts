// Tells every instance that something was written, so each can empty its short-lived answer cache
// (http/response-cache.ts): in process for one instance, through Redis pub/sub when several share
// the load. A write is announced before its answer leaves, so the announcement is on its way to the
// other instances before the writer can even send its next request.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

export interface WriteBus {
  /** Something was written through this instance; resolves once every instance has been told. */
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

export function createRedisWriteBus(url: string): WriteBus {
  const local = createLocalWriteBus();
  const instance = randomUUID();
  const publisher = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null, enableOfflineQueue: true });
  publisher.on('error', () => undefined);
  subscriber.on('error', () => undefined);
  void subscriber.subscribe(CHANNEL).catch(() => undefined);
  subscriber.on('message', (_channel: string, from: string) => {
    if (from !== instance) void local.announce();
  });
  return {
    async announce() {
      await local.announce();
      // Redis down: the other instances' entries still end with their short lifetime.
      await publisher.publish(CHANNEL, instance).catch(() => undefined);
    },
    onWrite: (listener) => local.onWrite(listener),
    async close() {
      publisher.disconnect();
      subscriber.disconnect();
      return Promise.resolve();
    },
  };
}
