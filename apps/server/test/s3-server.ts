// A local S3-compatible server for tests: s3rver on a free port, in a folder of its own, with one
// bucket. s3rver checks no credentials and serves every object to anyone; in front of it sits S3's
// own rule for requests without a signature (docs/decisions/008-s3-test-server.md): refused, unless
// the object was written readable by everyone (a public-read ACL or a grant to AllUsers).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/config.js';

export interface S3TestServer {
  /** The environment that points the app at the bucket (BLOB_STORE=s3 and the S3_* variables). */
  env: Record<string, string>;
  settings: S3Settings;
  /** The object's address at the store, for a request without credentials. */
  objectUrl(key: string): string;
  close(): Promise<void>;
}

const EVERYONE = 'http://acs.amazonaws.com/groups/global/AllUsers';

function isSigned(ctx: S3rver.Context): boolean {
  return 'authorization' in ctx.headers || 'X-Amz-Signature' in ctx.query || 'Signature' in ctx.query;
}

function grantsEveryoneRead(ctx: S3rver.Context): boolean {
  const header = (name: string) => String(ctx.headers[name] ?? '');
  return (
    ['public-read', 'public-read-write'].includes(header('x-amz-acl')) ||
    header('x-amz-grant-read').includes(EVERYONE) ||
    header('x-amz-grant-full-control').includes(EVERYONE)
  );
}

export async function startS3TestServer(bucket = 'teacheast-media'): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'teacheast-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const readableByEveryone = new Set<string>();
  server.middleware.unshift(async (ctx, next) => {
    if (isSigned(ctx)) {
      if (ctx.method === 'PUT' && !('acl' in ctx.query)) {
        if (grantsEveryoneRead(ctx)) readableByEveryone.add(ctx.path);
        else readableByEveryone.delete(ctx.path);
      }
      return next();
    }
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && readableByEveryone.has(ctx.path)) return next();
    ctx.status = 403;
    ctx.type = 'application/xml';
    ctx.body =
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>';
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver takes any key pair; these are the ones its documentation gives.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    env: {
      BLOB_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    settings: { bucket, region: 'us-east-1', endpoint, credentials },
    objectUrl: (key) => `${endpoint}/${bucket}/${key}`,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
