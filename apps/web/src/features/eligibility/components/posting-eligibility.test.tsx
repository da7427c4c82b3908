import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ELIGIBILITY_FACTS_STORAGE_KEY } from '../../../config/storage-keys';
import { currentUserQueryKey, queryClient } from '../../../lib/query-client';
import { jsonResponse, mockServer, renderWithProviders } from '../../../testing/render';
import { PostingEligibility } from './posting-eligibility';

function renderPanel(permit: string | null) {
  queryClient.setQueryData(currentUserQueryKey, null);
  mockServer(() => jsonResponse(500, {}));
  const rendered = renderWithProviders(<PostingEligibility job={{ permit }} />);
  return { ...rendered, panel: screen.getByRole('region', { name: 'Visa and eligibility' }) };
}

const storeAnswers = (facts: object) =>
  window.localStorage.setItem(ELIGIBILITY_FACTS_STORAGE_KEY, JSON.stringify(facts));

describe('"Visa and eligibility" on a posting', () => {
  it('gives the result for the answers with every reason, the sources, the review date and the warning', () => {
    storeAnswers({ passports: ['PH'], degree: 'associate', teflHours: 120, teachingYears: 1 });
    const { panel } = renderPanel('KR-E2');
    expect(panel).toHaveTextContent('This job sponsors the E-2 teaching visa (KR-E2).');
    expect(within(panel).getByText('Not for your passport')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Your answers do not meet the rules of this permit:');
    const reasons = within(panel).getAllByRole('listitem').slice(0, 2);
    expect(reasons.map((reason) => reason.textContent)).toEqual([
      'The E-2 visa needs a passport of the US, UK, Canada, Ireland, South Africa, Australia or New Zealand',
      "The E-2 visa needs at least a bachelor's degree",
    ]);
    expect(panel).toHaveTextContent('From your answers: Philippines passport · Associate degree');
    const sources = within(panel).getAllByRole('link');
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(source).toHaveAttribute('href', expect.stringMatching(/^https?:\/\//) as string);
      expect(source).toHaveAttribute('target', '_blank');
    }
    expect(panel).toHaveTextContent(/Rules last reviewed \w+ \d+, \d{4}\. This is not legal advice\./);
  });

  it('says when the answers meet the rule, and what the permit asks that they cannot show', () => {
    storeAnswers({ passports: ['JP'], degree: 'bachelor' });
    const { panel } = renderPanel('JP-INSTRUCTOR');
    expect(within(panel).getByText('You qualify')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Your answers meet every rule of this permit that we can check.');
    expect(within(panel).getByRole('heading', { name: 'The permit also asks for' })).toBeInTheDocument();
  });

  it('says a job names no permit, and asks the four questions right there without answers', async () => {
    const { panel, user } = renderPanel(null);
    expect(panel).toHaveTextContent('This job does not name a work permit it sponsors.');
    expect(panel).toHaveTextContent('Answer four questions');
    expect(within(panel).queryByRole('link')).not.toBeInTheDocument();
    expect(panel).toHaveTextContent('This is not legal advice.');

    await user.click(within(panel).getByRole('button', { name: 'Answer the questions' }));
    await user.selectOptions(within(panel).getByLabelText('Passport'), 'NZ');
    await user.click(within(panel).getByRole('button', { name: 'Save my answers' }));

    expect(within(panel).getByText('Check the visa')).toBeInTheDocument();
    expect(panel).toHaveTextContent('This job does not name a work permit to check.');
    expect(within(panel).getByRole('button', { name: 'Change my answers' })).toHaveFocus();
  });
});
