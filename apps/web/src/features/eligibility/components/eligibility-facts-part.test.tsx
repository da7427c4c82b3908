import { act, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { ELIGIBILITY_FACTS_STORAGE_KEY } from '../../../config/storage-keys';
import { jsonResponse, mockServer, renderWithProviders, type RecordedRequest } from '../../../testing/render';
import { EligibilityFactsPart, type EligibilityFactsPartHandle } from './eligibility-facts-part';

const USER = '6f1c1f52-3a0e-4d8e-9a4f-1d2b3c4d5e6f';
const FACTS_URL = `/api/post-resume/eligibility/${USER}`;

function renderPart(accountFacts: object | null) {
  const requests = mockServer(({ method, body }: RecordedRequest) =>
    jsonResponse(200, { facts: method === 'PUT' ? body : accountFacts }),
  );
  const part = createRef<EligibilityFactsPartHandle>();
  const rendered = renderWithProviders(<EligibilityFactsPart ref={part} userUuid={USER} />);
  const puts = () => requests.filter((r) => r.method === 'PUT');
  return { ...rendered, part, puts };
}

describe("the resume wizard's visa questions", () => {
  it("start from the account's answers and save only a change", async () => {
    const { user, part, puts } = renderPart({ passports: ['IE'], degree: 'master', teflHours: 0 });
    expect(screen.getByRole('heading', { name: 'Can I take these jobs? (optional)' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Passport')).toHaveValue('IE');
    expect(screen.getByLabelText('Highest degree')).toHaveValue('master');
    expect(screen.getByLabelText('TEFL certificate, in hours')).toHaveValue('0');
    expect(screen.getByLabelText('Years of teaching')).toHaveValue('');

    await expect(part.current!.save()).resolves.toBe(true);
    expect(puts()).toEqual([]);

    await user.type(screen.getByLabelText('Years of teaching'), '4');
    await expect(part.current!.save()).resolves.toBe(true);
    expect(puts()).toHaveLength(1);
    expect(puts()[0]).toMatchObject({
      url: FACTS_URL,
      body: { passports: ['IE'], degree: 'master', teflHours: 0, teachingYears: 4 },
    });
  });

  it("start from this browser's answers while the account has none, and save them to it", async () => {
    window.localStorage.setItem(ELIGIBILITY_FACTS_STORAGE_KEY, JSON.stringify({ passports: ['PH'], teflHours: 120 }));
    const { part, puts } = renderPart(null);
    expect(await screen.findByLabelText('Passport')).toHaveValue('PH');
    await expect(part.current!.save()).resolves.toBe(true);
    expect(puts()[0]?.body).toEqual({ passports: ['PH'], teflHours: 120 });
  });

  it('keep the step, with the message on the answer, when one is wrong', async () => {
    const { user, part, puts } = renderPart(null);
    await user.type(await screen.findByLabelText('Years of teaching'), 'ten');
    let saved: boolean | undefined;
    await act(async () => {
      saved = await part.current!.save();
    });
    expect(saved).toBe(false);
    expect(screen.getByLabelText('Years of teaching')).toHaveAccessibleDescription(
      'Whole years; 0 if you have not taught yet. Years of teaching must be a whole number',
    );
    expect(screen.getByLabelText('Years of teaching')).toHaveFocus();
    expect(puts()).toEqual([]);
  });

  it('ask nothing to be saved before the account’s answers are known', () => {
    const { part } = renderPart(null);
    expect(part.current).toBeNull();
  });
});
