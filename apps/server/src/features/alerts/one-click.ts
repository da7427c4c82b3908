// Reading the body of an RFC 8058 one-click unsubscribe: the pair `List-Unsubscribe=One-Click`, sent
// as a form (application/x-www-form-urlencoded) or as multipart/form-data. Anyone can post any body to
// the link, so it is read by splitting and comparing only, in time proportional to its length: no
// regular expression that can backtrack.

const FIELD = 'List-Unsubscribe';
const VALUE = 'One-Click';

/** The media type of a Content-Type header, in lower case, without its parameters. */
function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/** A parameter of a Content-Type header (`boundary`), unquoted; undefined when it is not there. */
function parameterOf(contentType: string, name: string): string | undefined {
  for (const part of contentType.split(';').slice(1)) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim().toLowerCase() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  }
  return undefined;
}

function isOneClickForm(body: string): boolean {
  return new URLSearchParams(body).getAll(FIELD).includes(VALUE);
}

/** Whether one part's headers name the field: `Content-Disposition: form-data; name="List-Unsubscribe"`. */
function namesTheField(headers: string): boolean {
  for (const line of headers.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon === -1 || line.slice(0, colon).trim().toLowerCase() !== 'content-disposition') continue;
    const [disposition = '', ...parameters] = line.slice(colon + 1).split(';');
    if (disposition.trim().toLowerCase() !== 'form-data') return false;
    return parameters.some((p) => {
      const eq = p.indexOf('=');
      return eq !== -1 && p.slice(0, eq).trim().toLowerCase() === 'name' && p.slice(eq + 1).trim() === `"${FIELD}"`;
    });
  }
  return false;
}

function isOneClickMultipart(contentType: string, body: string): boolean {
  const boundary = parameterOf(contentType, 'boundary');
  // RFC 2046: a boundary is 1 to 70 characters.
  if (!boundary || boundary.length > 70) return false;
  const delimiter = `--${boundary}`;
  // Each part lies between two delimiters: its headers, an empty line, its value, and the line break
  // that belongs to the next delimiter.
  for (const part of body.split(delimiter).slice(1)) {
    if (!part.startsWith('\r\n')) continue; // the closing `--`, or not a part
    const blank = part.indexOf('\r\n\r\n');
    if (blank === -1) continue;
    const value = part.slice(blank + 4);
    if (namesTheField(part.slice(2, blank)) && (value === `${VALUE}\r\n` || value === VALUE)) return true;
  }
  return false;
}

/** Whether a body of this Content-Type holds `List-Unsubscribe=One-Click`. */
export function isOneClickBody(contentType: string | undefined, body: unknown): boolean {
  if (typeof body !== 'string') return false;
  const type = mediaTypeOf(contentType);
  if (type === 'application/x-www-form-urlencoded') return isOneClickForm(body);
  if (type === 'multipart/form-data') return isOneClickMultipart(contentType!, body);
  return false;
}
