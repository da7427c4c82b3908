import { screen, waitFor, within } from '@testing-library/react';
import { offerDifferences } from '@teacheast/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import {
  APPLICATION_ID,
  applicationDetail,
  conversationServer,
  logInAs,
  lowerOffer,
  postedTerms,
} from './conversation.fixtures';
import { OfferView } from './offer-view';

function rowsOf(table: HTMLElement) {
  return within(table).getAllByRole('row').slice(1);
}

describe('OfferView', () => {
  beforeEach(() => logInAs('teacher'));

  it('the fixture says what the shared offerDifferences says of this offer against the ad', () => {
    expect(offerDifferences(postedTerms, lowerOffer.terms)).toEqual(lowerOffer.differences);
  });

  it('holds the offer against the ad line by line, marking each line below the ad by its look and in words', () => {
    conversationServer({ detail: applicationDetail({ status: 'offered', offer: lowerOffer }) });
    renderWithProviders(<OfferView applicationId={APPLICATION_ID} offer={lowerOffer} as="teacher" />);

    const table = screen.getByRole('table', { name: 'Where the offer differs from the ad' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Term', 'In the ad', 'In the offer']);
    const [salary, housing, vacation] = rowsOf(table);
    expect(within(salary!).getByRole('rowheader')).toHaveTextContent('Salary');
    expect(salary).toHaveTextContent('KRW 2,500,000–2,800,000 a month, before tax');
    expect(salary).toHaveTextContent('KRW 2,300,000 a month, before tax ▼ Less than the ad');
    expect(salary).toHaveClass('offer-differences__row--worse');
    expect(within(salary!).getByText('Less than the ad')).toHaveClass('worse-mark');
    // The arrow is decoration: a screen reader hears the words.
    expect(within(salary!).getByText('▼')).toHaveAttribute('aria-hidden', 'true');

    expect(housing).toHaveTextContent('Provided');
    expect(housing).toHaveTextContent('Housing allowance of 300,000 KRW a month ▼ Less than the ad');
    expect(housing).toHaveClass('offer-differences__row--worse');

    // More vacation than the ad: a difference, not a worse one.
    expect(vacation).toHaveTextContent('Vacation14 paid vacation days18 paid vacation days');
    expect(vacation).not.toHaveClass('offer-differences__row--worse');
    expect(within(vacation!).queryByText('Less than the ad')).not.toBeInTheDocument();

    expect(screen.getByText(/This offer gives less than the ad on 2 points/)).toHaveTextContent(
      'This offer gives less than the ad on 2 points: salary, housing.',
    );
    expect(screen.getByText('Waiting for your answer: please accept or decline by December 15, 2026.')).toBeVisible();
    // The offer in full, every line.
    const full = screen.getByText('The offer in full').closest('details')!;
    expect(full).toHaveTextContent('Visa');
    expect(full).toHaveTextContent('Sponsored (KR-E2), paid by the school');
    expect(full).toHaveTextContent('SaturdaysNever');
  });

  it('a line the ad did not state reads "Not stated"; an offer as the ad says so', () => {
    const unstated = {
      ...lowerOffer,
      differences: [{ field: 'severance' as const, posted: null, offered: 'As the law requires', worse: false }],
    };
    const { unmount } = renderWithProviders(<OfferView applicationId={APPLICATION_ID} offer={unstated} as="teacher" />);
    const [severance] = rowsOf(screen.getByRole('table'));
    expect(severance).toHaveTextContent('SeveranceNot statedAs the law requires');
    expect(screen.queryByText(/gives less than the ad/)).not.toBeInTheDocument();
    unmount();

    renderWithProviders(
      <OfferView applicationId={APPLICATION_ID} offer={{ ...lowerOffer, differences: [] }} as="teacher" />,
    );
    expect(screen.getByText('The offer is as the ad said.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('the teacher accepts after being asked once more; the answer goes out and the status says it', async () => {
    const requests = conversationServer(
      { detail: applicationDetail({ status: 'offered', offer: lowerOffer }) },
      (request, state) => {
        if (request.method !== 'POST') return undefined;
        const offer = { ...lowerOffer, status: 'accepted' as const, answeredAt: '2026-12-02T10:00:00.000Z' };
        state.detail = { ...state.detail, status: 'accepted', offer };
        return jsonResponse(200, { offer });
      },
    );
    const { user, rerender } = renderWithProviders(
      <OfferView applicationId={APPLICATION_ID} offer={lowerOffer} as="teacher" />,
    );
    await user.click(screen.getByRole('button', { name: 'Accept the offer' }));
    const question = screen.getByRole('group', { name: 'Accept the offer' });
    expect(question).toHaveTextContent('Accept this offer? The school is told that you take the job on these terms.');
    expect(within(question).getByRole('button', { name: 'Yes, accept' })).toHaveFocus();
    // "Not yet" goes back, sending nothing.
    await user.click(within(question).getByRole('button', { name: 'Not yet' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Accept the offer' })).toHaveFocus());
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Accept the offer' }));
    await user.click(screen.getByRole('button', { name: 'Yes, accept' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('You accepted the offer.'));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      `/api/applications/${APPLICATION_ID}/offer/accept`,
    ]);
    rerender(
      <OfferView
        applicationId={APPLICATION_ID}
        offer={{ ...lowerOffer, status: 'accepted', answeredAt: '2026-12-02T10:00:00.000Z' }}
        as="teacher"
      />,
    );
    expect(screen.getByText('You accepted this offer on December 2, 2026.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /offer$/ })).not.toBeInTheDocument();
  });

  it('the teacher may decline; the school has no answer to give', async () => {
    const requests = conversationServer(
      { detail: applicationDetail({ status: 'offered', offer: lowerOffer }) },
      (request) =>
        request.method === 'POST' ? jsonResponse(200, { offer: { ...lowerOffer, status: 'declined' } }) : undefined,
    );
    const { user, unmount } = renderWithProviders(
      <OfferView applicationId={APPLICATION_ID} offer={lowerOffer} as="teacher" />,
    );
    await user.click(screen.getByRole('button', { name: 'Decline the offer' }));
    await user.click(screen.getByRole('button', { name: 'Yes, decline' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('You declined the offer.'));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      `/api/applications/${APPLICATION_ID}/offer/decline`,
    ]);
    unmount();

    renderWithProviders(<OfferView applicationId={APPLICATION_ID} offer={lowerOffer} as="school" />);
    expect(screen.getByText('Sent. The teacher is asked to answer by December 15, 2026.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /offer$/ })).not.toBeInTheDocument();
    // The school sees the same marks.
    expect(screen.getAllByText('Less than the ad')).toHaveLength(2);
  });
});
