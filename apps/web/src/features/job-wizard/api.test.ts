// Reading what the posting checks said of a refused publish or save (BEYOND §9): the server's issues,
// each placed in the field whose text holds its words.
import { POSTING_RULES } from '@teacheast/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { postingProblemOf } from './api';

const text = (descriptionHTML: string, title = '', payNotes = '') => ({ title, payNotes, descriptionHTML });
const NATIVE = POSTING_RULES.find((rule) => rule.id === 'native_speaker')!;

describe('postingProblemOf', () => {
  it('is null for any other failure', () => {
    expect(postingProblemOf(new ApiError(400, 'Bad', { errorType: 'VALIDATION' }), text('<p>x</p>'))).toBeNull();
    expect(postingProblemOf(new Error('boom'), text('<p>Native speakers only.</p>'))).toBeNull();
  });

  it('takes the server’s issues when the error carries them, and finds where their words are', () => {
    const error = new ApiError(409, 'Please check', {
      errorType: 'POSTING_WARNING',
      issues: [
        {
          rule: 'native_speaker',
          excerpt: 'Native English Teacher',
          suggestion: 'Write "must qualify for an E-2 teaching visa" instead.',
        },
        { rule: 'no_such_rule', excerpt: 'whatever' },
      ],
    });
    expect(postingProblemOf(error, text('<p>Teach.</p>', 'Native English Teacher'))).toEqual({
      kind: 'warning',
      issues: [
        {
          rule: 'native_speaker',
          excerpt: 'Native English Teacher',
          message: NATIVE.message,
          suggestion: 'Write "must qualify for an E-2 teaching visa" instead.',
          field: 'title',
        },
      ],
    });
  });

  it('places a refused text in the field that holds it', () => {
    const refused = postingProblemOf(
      new ApiError(400, 'Refused', {
        errorType: 'POSTING_CHECK',
        issues: [{ rule: 'asks_for_money', excerpt: 'A placement fee of $500 is due.' }],
      }),
      text('<p>A placement fee of $500 is due.</p>', '', '2,000 USD'),
    );
    expect(refused?.kind).toBe('refused');
    expect(refused?.issues.map((issue) => [issue.rule, issue.field])).toEqual([['asks_for_money', 'descriptionHTML']]);
  });

  it('is null for a refusal that names no rule it knows', () => {
    expect(postingProblemOf(new ApiError(400, 'Refused', { errorType: 'POSTING_CHECK' }), text('<p>x</p>'))).toBeNull();
  });
});
