import type { JobTerms } from '@teacheast/shared';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { fieldError, jsonResponse, mockServer, renderWithProviders } from '../../../testing/render';
import type { JobDetailsView } from '../api';
import { TermsStep } from './terms-step';

const USER_UUID = '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** A draft in Seoul whose pay notes read as a salary range. */
const seoulJob: JobDetailsView = {
  uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  status: 'unpublished',
  title: 'Elementary English Teacher',
  companyName: 'Hangang Academy',
  email: 'jobs@hangang.example',
  country: 'south-korea',
  city: 'Seoul',
  pay: '2.3M - 2.7M KRW per month',
  ageGroup: 'Children',
  duration: '12',
  classSize: '1 - 10',
  startDate: '',
  phone: '',
  link: '',
  schoolSlug: null,
};

const savedSheet: JobTerms = {
  salary: { currency: 'KRW', min: 2_300_000, max: 2_700_000, period: 'month', basis: 'gross' },
  teachingHoursPerWeek: 25,
  housing: 'provided',
  flights: 'paid',
  visa: { sponsored: true, permit: 'KR-E2', costsPaidBy: 'school' },
  vacationDays: 15,
  healthInsurance: 'full',
  splitShift: false,
  saturdays: 'never',
};

function renderStep(job: JobDetailsView, saved: JobTerms | null = null) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/post-job/stepper/terms/:uuid"
        element={<TermsStep job={job} saved={saved} userUuid={USER_UUID} readOnly={false} />}
      />
      <Route path="/post-job/stepper/description/:uuid" element={<p>The description step</p>} />
    </Routes>,
    { route: paths.jobWizard('terms', job.uuid) },
  );
}

const group = (name: string) => screen.getByRole('group', { name });

async function choose(user: UserEvent, question: string, answer: string) {
  await user.click(within(group(question)).getByRole('radio', { name: answer }));
}

/** Everything the prefill leaves blank, answered. */
async function answerTheRest(user: UserEvent) {
  await choose(user, 'The amount is', 'Before tax');
  await user.type(screen.getByLabelText('Teaching hours a week'), '25');
  await choose(user, 'Split shift', 'No');
  await choose(user, 'Saturdays', 'Never');
  await choose(user, 'Housing', 'Provided');
  await choose(user, 'Flights', 'Paid');
  await choose(user, 'Does the school sponsor the work visa?', 'Yes');
  await user.selectOptions(screen.getByLabelText('Work permit'), 'KR-E2');
  await choose(user, 'Who pays for the visa?', 'The school');
  await user.type(screen.getByLabelText('Paid vacation days a year'), '15');
  await choose(user, 'Health insurance', 'Full');
}

describe('TermsStep', () => {
  it('starts a new sheet from the pay notes: the range, the currency and the period', () => {
    renderStep(seoulJob);
    expect(screen.getByRole('status')).toHaveTextContent('filled in from your pay notes, “2.3M - 2.7M KRW per month”');
    expect(screen.getByLabelText('Amount from')).toHaveValue('2300000');
    expect(screen.getByLabelText('Amount to (optional)')).toHaveValue('2700000');
    expect(screen.getByLabelText('Currency')).toHaveValue('KRW');
    expect(within(group('Paid per')).getByRole('radio', { name: 'Month' })).toBeChecked();
    // Only the job country's currency and USD can be chosen.
    const currencies = within(screen.getByLabelText('Currency')).getAllByRole('option');
    expect(currencies.map((option) => option.textContent)).toEqual(['KRW', 'USD']);
  });

  it('reads a single amount as the lowest and leaves notes that are no salary alone', () => {
    renderStep({ ...seoulJob, country: 'japan', city: 'Tokyo', pay: '¥280,000/month' });
    expect(screen.getByLabelText('Amount from')).toHaveValue('280000');
    expect(screen.getByLabelText('Amount to (optional)')).toHaveValue('');
    expect(screen.getByLabelText('Currency')).toHaveValue('JPY');
  });

  it('starts blank, in the country’s currency, when the pay notes do not read as a salary', () => {
    renderStep({ ...seoulJob, pay: 'Competitive, depending on experience' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Amount from')).toHaveValue('');
    expect(screen.getByLabelText('Currency')).toHaveValue('KRW');
    expect(within(group('Paid per')).getByRole('radio', { name: 'Month' })).not.toBeChecked();
  });

  it('refuses an incomplete sheet in the browser, each message tied to its input or group', async () => {
    const requests = mockServer(() => jsonResponse(500, {}));
    const { user } = renderStep({ ...seoulJob, pay: '' });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const amount = screen.getByLabelText('Amount from');
    expect(fieldError(amount)).toBe('The amount must be a whole number');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveFocus();
    expect(fieldError(group('Paid per'))).toBe('Choose an hour, a month or a year');
    expect(fieldError(group('The amount is'))).toBe('Choose before or after tax');
    expect(fieldError(screen.getByLabelText('Teaching hours a week'))).toBe('Teaching hours must be a whole number');
    expect(fieldError(group('Housing'))).toBe('Choose what the school gives for housing');
    expect(fieldError(group('Does the school sponsor the work visa?'))).toBe(
      'Say whether the school sponsors the visa',
    );
    // Optional answers have nothing to say.
    expect(fieldError(screen.getByLabelText('Amount to (optional)'))).toBeNull();
    expect(fieldError(screen.getByLabelText('Severance (optional)'))).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('checks the rules between fields and the job as the server does', async () => {
    const requests = mockServer(() => jsonResponse(500, {}));
    const { user } = renderStep(seoulJob);
    await answerTheRest(user);
    const amount = screen.getByLabelText('Amount from');
    await user.clear(amount);
    await user.type(amount, '100');
    await user.type(screen.getByLabelText('Hours on site a week (optional)'), '20');
    // Severance is owed by law for a contract of 12 months in South Korea.
    await user.selectOptions(screen.getByLabelText('Severance (optional)'), 'None');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(fieldError(amount)).toBe('Enter an amount from 400,000 to 28,000,000 KRW a month');
    expect(fieldError(screen.getByLabelText('Hours on site a week (optional)'))).toBe(
      'Hours on site must be at least the teaching hours',
    );
    expect(fieldError(screen.getByLabelText('Severance (optional)'))).toBe(
      'Severance is owed by law in South Korea for a contract of 12 months or more',
    );
    expect(requests).toHaveLength(0);
  });

  it('asks for the allowance with "Housing allowance" only, and for the permit with a sponsored visa only', async () => {
    const { user } = renderStep(seoulJob);
    expect(screen.queryByLabelText(/Monthly housing allowance/)).not.toBeInTheDocument();
    await choose(user, 'Housing', 'Housing allowance');
    expect(screen.getByLabelText('Monthly housing allowance, in KRW')).toBeInTheDocument();
    await choose(user, 'Housing', 'Provided');
    expect(screen.queryByLabelText(/Monthly housing allowance/)).not.toBeInTheDocument();

    expect(screen.queryByLabelText('Work permit')).not.toBeInTheDocument();
    await choose(user, 'Does the school sponsor the work visa?', 'Yes');
    const permits = within(screen.getByLabelText('Work permit')).getAllByRole('option');
    expect(permits.map((option) => option.getAttribute('value'))).toEqual(['', 'KR-E2', 'KR-E1']);
    expect(group('Who pays for the visa?')).toBeInTheDocument();
    await choose(user, 'Does the school sponsor the work visa?', 'No');
    expect(screen.queryByLabelText('Work permit')).not.toBeInTheDocument();
  });

  it('saves the whole sheet with PUT and moves on with "Save and continue"', async () => {
    const requests = mockServer(({ body }) => jsonResponse(200, { terms: body }));
    const { user } = renderStep(seoulJob);
    // Typed, then the answer that needs it taken back: the allowance is not sent.
    await choose(user, 'Housing', 'Housing allowance');
    await user.type(screen.getByLabelText('Monthly housing allowance, in KRW'), '500,000');
    await answerTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByText('The description step')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      url: `/api/jobs/terms/${seoulJob.uuid}/${USER_UUID}`,
    });
    expect(requests[0]?.body).toEqual(savedSheet);
  });

  it('shows the server’s field messages on the matching inputs', async () => {
    mockServer(() =>
      jsonResponse(400, {
        error: true,
        message: 'Some answers need a look',
        errorType: 'VALIDATION',
        fields: { 'salary.max': 'The top of the range is too high', 'visa.permit': 'Choose one of KR-E2, KR-E1' },
      }),
    );
    const { user } = renderStep(seoulJob);
    await answerTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The top of the range is too high')).toBeInTheDocument();
    expect(fieldError(screen.getByLabelText('Amount to (optional)'))).toBe('The top of the range is too high');
    expect(fieldError(screen.getByLabelText('Work permit'))).toBe('Choose one of KR-E2, KR-E1');
    expect(screen.getByRole('alert')).toHaveTextContent('Some answers need a look');
  });

  it('may be skipped: "Skip for now" moves on without saving', async () => {
    const requests = mockServer(() => jsonResponse(500, {}));
    const { user } = renderStep(seoulJob);
    await user.click(screen.getByRole('link', { name: 'Skip for now' }));
    expect(await screen.findByText('The description step')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('shows a saved sheet as saved: Next moves on without saving it again', async () => {
    const requests = mockServer(() => jsonResponse(500, {}));
    const { user } = renderStep(seoulJob, savedSheet);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByText('Saved.')).toBeInTheDocument();
    expect(within(group('Does the school sponsor the work visa?')).getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(screen.getByLabelText('Work permit')).toHaveValue('KR-E2');
    expect(screen.queryByRole('link', { name: 'Skip for now' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The description step')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
