import { describe, expect, it } from 'vitest';
import { renderApiDocs, type ApiDocument } from './api-docs-page.js';

const HOSTILE = '<script>alert(1)</script>"\'&';

describe('the API docs page', () => {
  it('escapes every string of the document, so no schema can add markup', () => {
    const document: ApiDocument = {
      openapi: '3.1.0',
      info: { title: `API ${HOSTILE}`, version: HOSTILE, description: HOSTILE },
      paths: {
        [`/api/x/{${HOSTILE}}`]: {
          post: {
            summary: HOSTILE,
            description: HOSTILE,
            parameters: [
              { name: HOSTILE, in: 'path', required: true, description: HOSTILE, schema: { pattern: HOSTILE } },
            ],
            requestBody: { content: { [HOSTILE]: { schema: { enum: [HOSTILE] } } } },
            responses: {
              [HOSTILE]: { description: HOSTILE, content: { 'application/json': { schema: { title: HOSTILE } } } },
            },
          },
        },
      },
      components: { schemas: { [HOSTILE]: { description: HOSTILE } } },
    };
    const html = renderApiDocs(document, '/api/openapi.json');
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/"'&(?!amp;|lt;|gt;|quot;|#39;)/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
  });

  it('lists each operation with its parameters, body and answers, and links named schemas', () => {
    const document: ApiDocument = {
      openapi: '3.1.0',
      info: { title: 'TeachEast API', version: '1.0.0' },
      paths: {
        '/api/job/{uuid}': {
          get: {
            parameters: [{ name: 'uuid', in: 'path', required: true, schema: { type: 'string' } }],
            responses: {
              '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object' } } } },
              '4XX': {
                description: 'Refused',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
              },
            },
            security: [{ bearer: [] }],
          },
        },
      },
      components: { schemas: { ErrorBody: { type: 'object' } } },
    };
    const html = renderApiDocs(document, '/api/openapi.json');
    for (const part of [
      // the index, linking to the operation's section
      '<a href="#op-get-api-job-uuid-"><span class="method">get</span> <code>/api/job/{uuid}</code></a>',
      '<section id="op-get-api-job-uuid-">',
      '<td><code>uuid</code></td><td>path</td><td>yes</td>',
      '<h4>4XX: Refused</h4>',
      // a reference to a named schema links to it
      '<a href="#schema-ErrorBody">&quot;#/components/schemas/ErrorBody&quot;</a>',
      '<section id="schema-ErrorBody">',
      'Needs a session',
      '<a href="/api/openapi.json">OpenAPI 3.1.0</a>',
    ]) {
      expect(html).toContain(part);
    }
  });
});
