// JSON text that says what it is the JSON of. The hottest answers leave the database as finished JSON
// (db/job-fields.ts) and are sent as they are (sendJsonText): Fastify hands a string with a JSON
// content type to the client without the route's serialiser (http/answer-serializer.ts), so the
// route's response schema is not applied to it. What stands in its place is the type: a route can
// send only a JsonText of the answer its schema declares, and a JsonText is made only by
// JSON.stringify, by the writers below, or by a database writer derived from a field table and held
// to its presenter and the strict schema by a test (job-board/tile-json.test.ts, posting-json.test.ts).
import type {
  FastifyReply,
  FastifySchema,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';

/** Text that is the JSON of a T. */
export type JsonText<T> = string & { readonly __json: T };

/** Each property of T as its JSON text. */
export type JsonParts<T> = { readonly [K in keyof T]-?: JsonText<T[K]> };

/** A value's JSON, the way the presenters' answers are written. */
export function jsonText<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}

/**
 * The same text as one string of its own. Text joined from pieces is held by V8 as a tree of the
 * pieces, and a slice of a text keeps the whole text it was cut from; a text kept for as long as an
 * index lives costs less as a copy of its own (100,000 tiles: 17 MB less), the pieces going at the
 * next collection. Read back from its JSON, which is exact for every string (1.7 µs a tile).
 */
export function ownCopy<T extends string>(text: T): T {
  return JSON.parse(JSON.stringify(text)) as T;
}

/** An array's JSON from its items' JSON. */
export function jsonArrayText<T>(items: readonly JsonText<T>[]): JsonText<T[]> {
  return `[${items.join(',')}]` as JsonText<T[]>;
}

/**
 * A writer of `Added`'s properties onto an object's JSON, in the order of `keys` (every key of Added,
 * none else), their names written once here rather than at every call: an object's JSON, ended by the
 * added properties.
 */
export function jsonPropertiesWriter<Added extends object>(keys: { readonly [K in keyof Added]-?: true }) {
  const names = (Object.keys(keys) as (keyof Added & string)[]).map((key) => [key, `${JSON.stringify(key)}:`] as const);
  type Write = <Base extends object>(base: JsonText<Base>, added: JsonParts<Added>) => JsonText<Base & Added>;
  // One property (a tile's publish date, written for every tile of a page): no loop, no keyed read.
  if (names.length === 1 && names[0]) {
    const [key, name] = names[0];
    const write: Write = (base, added) =>
      (base.length > 2 ? `${base.slice(0, -1)},${name}${added[key]}}` : `{${name}${added[key]}}`) as never;
    return write;
  }
  const write: Write = (base, added) => {
    let text = base.slice(0, -1);
    // `{` alone: the object had no properties yet.
    let comma = text.length > 1;
    for (const [key, name] of names) {
      text += comma ? `,${name}${added[key]}` : `${name}${added[key]}`;
      comma = true;
    }
    return `${text}}` as never;
  };
  return write;
}

/** `{}`: what a writer of all of an object's properties writes onto. */
export const EMPTY_OBJECT_JSON = '{}' as JsonText<Record<never, never>>;

/** Sends `text`, the JSON of the answer the route's response schema declares, as it is. */
export function sendJsonText<
  Route extends RouteGenericInterface,
  Config,
  Schema extends FastifySchema,
  Provider extends FastifyTypeProvider,
  Answer,
>(
  reply: FastifyReply<
    Route,
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    Config,
    Schema,
    Provider,
    Answer
  >,
  text: JsonText<Answer>,
) {
  const written: FastifyReply = reply;
  return written.type('application/json; charset=utf-8').send(text);
}
