import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldError, jsonResponse, renderWithProviders, type RecordedRequest } from '../../../testing/render';
import {
  APPLICATION_ID,
  applicationDetail,
  conversationServer,
  JOB_UUID,
  logInAs,
  lowerOffer,
  postedTerms,
  schoolUser,
} from './conversation.fixtures';
import { OfferForm } from './offer-form';

const jobDetails = {
  uuid: JOB_UUID,
  status: 'published',
  title: 'Kindergarten Teacher',
  companyName: 'Busan Bright Academy',
  email: 'hr@busan.example',
  country: 'south-korea',
  city: 'Busan',
  pay: '',
  ageGroup: 'Children',
  duration: '12',
  classSize: '1 - 10',
  startDate: '',
  phone: '',
  link: '',
  schoolSlug: null,
};

/** The job's sheet and details as the wizard's calls answer them; the offer as `offer` answers. */
function offerServer(offer: (request: RecordedRequest) => Response, terms: unknown = postedTerms) {
  return conversationServer({ detail: applicationDetail({ as: 'school' }) }, (request) => {
    if (request.url === `/api/jobs/terms/${JOB_UUID}/${schoolUser.uuid}`) return jsonResponse(200, { terms });
    if (request.url === `/api/jobs/details/${JOB_UUID}/${schoolUser.uuid}`)
      return jsonResponse(200, { job: jobDetails });
    if (request.method === 'POST') return offer(request);
    return undefined;
  });
}

function renderForm() {
  const onOffered = vi.fn();
  const result = renderWithProviders(
    <OfferForm
      applicationId={APPLICATION_ID}
      job={{ uuid: JOB_UUID, country: 'south-korea' }}
      teacherName="Jane Doe"
      onOffered={onOffered}
      onCancel={() => {}}
    />,
  );
  return { ...result, onOffered };
}

describe('OfferForm', () => {
  beforeEach(() => logInAs('school'));

  it("starts from the ad's sheet, and sends the whole sheet with the date to answer by", async () => {
    const requests = offerServer(() => jsonResponse(201, { offer: lowerOffer }));
    const { user, onOffered } = renderForm();

    const from = await screen.findByLabelText('Amount from');
    expect(from).toHaveValue('2500000');
    expect(screen.getByLabelText('Amount to (optional)')).toHaveValue('2800000');
    expect(screen.getByLabelText('Housing')).toHaveValue('provided');
    expect(screen.getByLabelText('Work permit')).toHaveValue('KR-E2');
    const respondBy = screen.getByLabelText('Answer by');
    expect(respondBy).toHaveValue(new Intl.DateTimeFormat('en-CA').format(Date.now() + 7 * 86_400_000));

    await user.clear(from);
    await user.type(from, '2,300,000');
    await user.clear(screen.getByLabelText('Amount to (optional)'));
    await user.selectOptions(screen.getByLabelText('Housing'), 'Housing allowance');
    await user.type(screen.getByLabelText('Monthly housing allowance, in KRW'), '300000');
    await user.clear(screen.getByLabelText('Paid vacation days a year'));
    await user.type(screen.getByLabelText('Paid vacation days a year'), '18');
    await user.clear(respondBy);
    await user.type(respondBy, '2026-12-15');
    await user.click(screen.getByRole('button', { name: 'Send the offer' }));

    await waitFor(() => expect(onOffered).toHaveBeenCalledWith(lowerOffer));
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.url).toBe(`/api/applications/${APPLICATION_ID}/offer`);
    expect(posts[0]?.body).toEqual({ terms: lowerOffer.terms, respondBy: '2026-12-15' });
  }, 15_000);

  it("checks the sheet with the wizard's rules, and puts the server's refusals on their fields", async () => {
    const requests = offerServer(() =>
      jsonResponse(400, {
        error: true,
        message: 'terms.severance: A job in South Korea of 12 months or more owes severance',
        errorType: 'VALIDATION',
        fields: { 'terms.severance': 'A job in South Korea of 12 months or more owes severance' },
      }),
    );
    const { user, onOffered } = renderForm();
    const from = await screen.findByLabelText('Amount from');
    await user.clear(from);
    await user.type(from, '100');
    await user.click(screen.getByRole('button', { name: 'Send the offer' }));
    expect(fieldError(from)).toBe('Enter an amount from 400,000 to 28,000,000 KRW a month');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.clear(from);
    await user.type(from, '2500000');
    await user.click(screen.getByRole('button', { name: 'Send the offer' }));
    await waitFor(() =>
      expect(fieldError(screen.getByLabelText('Severance (optional)'))).toBe(
        'A job in South Korea of 12 months or more owes severance',
      ),
    );
    expect(onOffered).not.toHaveBeenCalled();
  });

  it('without a sheet on the ad, every term is to be stated', async () => {
    const requests = offerServer(() => jsonResponse(201, { offer: lowerOffer }), null);
    const { user } = renderForm();
    expect(await screen.findByText(/The ad has no pay and conditions sheet/)).toBeInTheDocument();
    expect(screen.getByLabelText('Amount from')).toHaveValue('');
    expect(screen.getByLabelText('Currency')).toHaveValue('KRW');
    await user.click(screen.getByRole('button', { name: 'Send the offer' }));
    expect(fieldError(screen.getByLabelText('Housing'))).toBe('Choose what the school gives for housing');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
