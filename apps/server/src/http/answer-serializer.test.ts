// The compiled answer serialisers against zod's own: the same text for valid answers, nothing the
// schema does not name, and zod's serialiser kept for schemas a compiled one would write differently.
import * as shared from '@teacheast/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileAnswerSerializer, isPlainSchema } from './answer-serializer.js';

const serializerFor = (schema: z.ZodType) =>
  compileAnswerSerializer({ schema, method: 'GET', url: '/test', httpStatus: '200' });

const tile = {
  uuid: 'eb6fea1f-0161-4070-a679-2511f044bbc1',
  title: 'Quote " backslash \\ newline \n 東京 🎓',
  companyName: 'Sunny Academy',
  country: 'japan',
  city: 'Tokyo',
  ageGroup: 'Children',
  pay: '250,000 JPY a month',
  startDate: '4',
  duration: '12',
  classSize: '11 - 20',
  thumbnail: null,
  salary: { currency: 'JPY' as const, min: 250_000, max: null, period: 'month' as const },
  badges: ['housing' as const, 'visa' as const],
  permit: 'JP-INSTRUCTOR',
  school: { slug: 'sakura-english', name: 'Sakura English', kind: 'language_centre' as const, verified: true },
  publishedDate: '2026-11-26T01:02:03.004Z',
};

describe('answer serialisers', () => {
  it('write what zod writes, and leave out what the schema does not name', () => {
    const serialize = serializerFor(shared.JobSearchAnswerSchema);
    const answer = { results: [tile, { ...tile, thumbnail: '/media/img/a.webp', email: 'private@school.example' }] };
    const text = serialize(answer);
    expect(text).toBe(JSON.stringify(z.encode(shared.JobSearchAnswerSchema, answer)));
    expect(text).not.toContain('private@school.example');
    expect(JSON.parse(text)).toEqual({ results: [tile, { ...tile, thumbnail: '/media/img/a.webp' }] });
  });

  it('are compiled for the plain answer schemas, and zod serialises the rest and refuses what breaks them', () => {
    const schemas = Object.entries(shared as Record<string, unknown>).filter(
      (entry): entry is [string, z.ZodType] => entry[0].endsWith('AnswerSchema') && entry[1] instanceof z.ZodType,
    );
    const plain = schemas.filter(([, schema]) => {
      try {
        return isPlainSchema(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }));
      } catch {
        return false;
      }
    });
    expect(plain.map(([name]) => name)).toEqual(
      // The job board's answers hold nullable objects (a tile's salary, a posting's sheet): they are
      // written as JSON text by the database (job-fields.ts), not by a serialiser.
      expect.arrayContaining(['ResumeBoardAnswerSchema', 'CitiesAnswerSchema']),
    );
    // A constant (health's 'ok') is not plain: zod's serialiser refuses an answer that breaks it.
    const health = serializerFor(shared.HealthAnswerSchema);
    expect(health({ status: 'ok' })).toBe('{"status":"ok"}');
    expect(() => health({ status: 'down' })).toThrow();
  });

  it('tell plain schemas from the rest', () => {
    const object = (properties: object) => ({ type: 'object', properties, additionalProperties: false });
    expect(isPlainSchema(object({ a: { type: 'string' }, b: { type: ['string', 'null'] } }))).toBe(true);
    expect(isPlainSchema(object({ a: { type: 'array', items: { type: 'integer', minimum: 0 } } }))).toBe(true);
    expect(isPlainSchema(object({ a: { type: 'string', enum: ['x', 'y'] } }))).toBe(true);
    expect(isPlainSchema(object({ a: { anyOf: [{ type: 'string' }, { type: 'number' }] } }))).toBe(false);
    expect(isPlainSchema(object({ a: { type: 'boolean', const: true } }))).toBe(false);
    expect(isPlainSchema({ type: 'object', properties: {} })).toBe(false); // open to other properties
    expect(isPlainSchema(object({ a: { $ref: '#/definitions/x' } }))).toBe(false);
    expect(isPlainSchema({ type: 'object', additionalProperties: false, patternProperties: {} })).toBe(false);
  });
});
