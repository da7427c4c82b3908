// The API's OpenAPI document as one page of HTML, for people: every route with its parameters, body
// and answers, and the named schemas they refer to. No script; every string from the document is
// escaped, so nothing in a schema (a pattern, a description) can become markup.

interface MediaTypes {
  [contentType: string]: { schema?: unknown } | undefined;
}

interface Operation {
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: unknown }[];
  requestBody?: { content?: MediaTypes };
  responses?: Record<string, { description?: string; content?: MediaTypes } | undefined>;
  security?: unknown[];
}

/** The parts of an OpenAPI 3 document the page shows. */
export interface ApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, unknown> | undefined>;
  components?: { schemas?: Record<string, unknown> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const SCHEMA_REF = /&quot;#\/components\/schemas\/([A-Za-z0-9_.-]+)&quot;/g;

/** The page's whole style sheet: the policy allows this text, by its hash, and nothing else. */
export const API_DOCS_STYLE = [
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fff}',
  'main{max-width:60rem;margin:0 auto;padding:1rem}',
  'section{border-top:1px solid #ccc;padding-top:.5rem;margin-top:1.5rem}',
  'pre{background:#f4f4f4;padding:.5rem;font-size:13px;white-space:pre-wrap;overflow-wrap:anywhere}',
  'table{border-collapse:collapse}',
  'th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}',
  '.method{font-weight:bold;text-transform:uppercase}',
].join('');

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const anchorOf = (method: string, path: string) => `op-${method}${path.replace(/[^A-Za-z0-9]+/g, '-')}`;

/** A schema as indented JSON, its references to named schemas made into links to them. */
function schemaBlock(schema: unknown): string {
  const json = escapeHtml(JSON.stringify(schema ?? {}, null, 2));
  return `<pre><code>${json.replace(SCHEMA_REF, (ref, name: string) => `<a href="#schema-${name}">${ref}</a>`)}</code></pre>`;
}

function contentBlocks(content: MediaTypes | undefined): string {
  return Object.entries(content ?? {})
    .map(([type, media]) => `<p>${escapeHtml(type)}</p>${schemaBlock(media?.schema)}`)
    .join('');
}

function operationSection(method: string, path: string, op: Operation): string {
  const parts = [
    `<section id="${anchorOf(method, path)}">`,
    `<h2><span class="method">${escapeHtml(method)}</span> <code>${escapeHtml(path)}</code></h2>`,
  ];
  if (op.summary) parts.push(`<p>${escapeHtml(op.summary)}</p>`);
  if (op.description) parts.push(`<p>${escapeHtml(op.description)}</p>`);
  if (op.security?.length) parts.push('<p>Needs a session: <code>Authorization: Bearer &lt;token&gt;</code>.</p>');
  if (op.parameters?.length) {
    const rows = op.parameters.map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td>` +
        `<td>${p.required ? 'yes' : 'no'}</td><td>${p.description ? `${escapeHtml(p.description)}` : ''}${schemaBlock(p.schema)}</td></tr>`,
    );
    parts.push(
      '<h3>Parameters</h3><table><tr><th>Name</th><th>In</th><th>Required</th><th>Schema</th></tr>',
      ...rows,
      '</table>',
    );
  }
  if (op.requestBody) parts.push('<h3>Body</h3>', contentBlocks(op.requestBody.content));
  parts.push('<h3>Answers</h3>');
  for (const [status, answer] of Object.entries(op.responses ?? {})) {
    parts.push(
      `<h4>${escapeHtml(status)}: ${escapeHtml(answer?.description ?? '')}</h4>`,
      contentBlocks(answer?.content),
    );
  }
  parts.push('</section>');
  return parts.join('');
}

export function renderApiDocs(document: ApiDocument, jsonPath: string): string {
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item?.[method]).map((method) => ({ method, path, op: item![method] as Operation })),
  );
  const title = escapeHtml(document.info.title);
  const index = operations
    .map(
      ({ method, path }) =>
        `<li><a href="#${anchorOf(method, path)}"><span class="method">${escapeHtml(method)}</span> <code>${escapeHtml(path)}</code></a></li>`,
    )
    .join('');
  const schemas = Object.entries(document.components?.schemas ?? {})
    .map(
      ([name, schema]) =>
        `<section id="schema-${escapeHtml(name)}"><h2>${escapeHtml(name)}</h2>${schemaBlock(schema)}</section>`,
    )
    .join('');
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title><style>${API_DOCS_STYLE}</style></head><body><main>`,
    `<h1>${title} <small>${escapeHtml(document.info.version)}</small></h1>`,
    document.info.description ? `<p>${escapeHtml(document.info.description)}</p>` : '',
    `<p>The same as a machine-readable document: <a href="${escapeHtml(jsonPath)}">OpenAPI ${escapeHtml(document.openapi)}</a>.</p>`,
    `<nav><h2>Routes</h2><ul>${index}</ul></nav>`,
    ...operations.map(({ method, path, op }) => operationSection(method, path, op)),
    schemas ? `<h2>Schemas</h2>${schemas}` : '',
    '</main></body></html>',
  ].join('');
}
