// The part of s3rver (a local S3-compatible server, JavaScript without types) the tests use.
declare module 's3rver' {
  import type { IncomingHttpHeaders } from 'node:http';
  import type { AddressInfo } from 'node:net';

  namespace S3rver {
    interface Options {
      address?: string;
      port?: number;
      silent?: boolean;
      directory?: string;
      configureBuckets?: { name: string }[];
    }
    /** The part of Koa's request context a middleware here reads and writes. */
    interface Context {
      method: string;
      path: string;
      headers: IncomingHttpHeaders;
      query: Record<string, string | string[] | undefined>;
      status: number;
      type: string;
      body: unknown;
    }
    type Middleware = (ctx: Context, next: () => Promise<void>) => Promise<void>;
  }

  class S3rver {
    constructor(options: S3rver.Options);
    /** Koa's middleware list, composed when the server starts listening. */
    middleware: S3rver.Middleware[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }

  export = S3rver;
}
