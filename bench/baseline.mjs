// The bare Node server every number is compared with: one small JSON object, nothing else.
import http from 'node:http';

const body = JSON.stringify({ status: 'ok' });
http
  .createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  })
  .listen(Number(process.env.PORT ?? 4101), '127.0.0.1');
