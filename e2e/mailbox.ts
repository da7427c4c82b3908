// A real SMTP server for the tests: the app sends its mail here over SMTP, exactly as in
// production, and journeys read the links out of what arrived.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the text and html parts, in order, without duplicates. */
  links: string[];
  raw: string;
}

export interface Mailbox {
  port: number;
  received: readonly ReceivedMail[];
  /** Waits for a mail to `to` whose subject matches, not handed out before; fails after `timeoutMs`. */
  waitForMail(to: string, subject: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

// ---------- just enough MIME to read what nodemailer sends ----------

function splitHeaderAndBody(raw: string): { headers: Map<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function headerParam(value: string, name: string): string | undefined {
  const match = new RegExp(`${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, transferEncoding: string): string {
  switch (transferEncoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body).toString('utf8');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** RFC 2047 encoded words, e.g. =?UTF-8?Q?Reset_your?= */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function collectParts(raw: string, into: { text: string; html: string }): void {
  const { headers, body } = splitHeaderAndBody(raw);
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = headerParam(contentType, 'boundary');
  if (/^multipart\//i.test(contentType) && boundary) {
    const parts = body.split(`--${boundary}`);
    // parts[0] is the preamble; the last one starts with "--" (the closing delimiter).
    for (const part of parts.slice(1)) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\r?\n/, ''), into);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding') ?? '7bit');
  if (/^text\/html/i.test(contentType)) into.html += decoded;
  else if (/^text\/plain/i.test(contentType)) into.text += decoded;
}

function findLinks(text: string, html: string): string[] {
  const fromText = text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [];
  const fromHtml = [...html.matchAll(/href\s*=\s*"(https?:\/\/[^"]+)"/gi)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  return [...new Set([...fromText, ...fromHtml].map((link) => link.replace(/[.,;:!?]+$/, '')))];
}

function parseMail(raw: string, to: string[]): ReceivedMail {
  const { headers } = splitHeaderAndBody(raw);
  const parts = { text: '', html: '' };
  collectParts(raw, parts);
  return {
    to,
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: parts.text,
    html: parts.html,
    links: findLinks(parts.text, parts.html),
    raw,
  };
}

// ---------- the server ----------

export async function startMailbox(): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const handedOut = new Set<ReceivedMail>();
  /** Each waiting waitForMail's check, called with every mail as it arrives. */
  const waiters = new Set<(mail: ReceivedMail) => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), to);
        received.push(mail);
        for (const waiter of [...waiters]) waiter(mail);
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    received,
    waitForMail(to, subject, timeoutMs = 15_000) {
      const address = to.toLowerCase();
      const matches = (mail: ReceivedMail) =>
        !handedOut.has(mail) && mail.to.includes(address) && subject.test(mail.subject);
      const take = (mail: ReceivedMail) => {
        handedOut.add(mail);
        return mail;
      };
      const arrived = received.find(matches);
      if (arrived) return Promise.resolve(take(arrived));
      // Not here yet: the mail's arrival answers (onData above), not a poll.
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter = (mail: ReceivedMail) => {
          if (!matches(mail)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(take(mail));
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = received.map((m) => `  ${m.to.join(', ')}: ${m.subject}`).join('\n') || '  (none)';
          reject(
            new Error(
              `No mail to ${address} with a subject matching ${subject} within ${timeoutMs} ms. Received:\n${seen}`,
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
