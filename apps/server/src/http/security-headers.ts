// Security headers for every answer, computed once at start-up and set with one call per request.
import type { FastifyReply, FastifyRequest } from 'fastify';

export function securityHeaders(options: { stripe: boolean; production: boolean }): Record<string, string> {
  const { stripe } = options;
  const csp = [
    "default-src 'self'",
    `script-src 'self'${stripe ? ' https://js.stripe.com' : ''}`,
    // React sets style attributes; no inline <script> is ever allowed.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${stripe ? ' https://api.stripe.com' : ''}`,
    `frame-src ${stripe ? 'https://js.stripe.com https://hooks.stripe.com' : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-permitted-cross-domain-policies': 'none',
    ...(options.production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** JSON answers are never documents: they need no page policy, only to be unframeable and unsniffable. */
const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/** Sets the security headers of an answer: JSON's for the API, the page policy for everything else. */
export function securityHeaderSetter(pageHeaders: Record<string, string>) {
  return (request: FastifyRequest, reply: FastifyReply): void => {
    void reply.headers(request.url.startsWith('/api/') ? API_HEADERS : pageHeaders);
  };
}
