// The job wizard's first step with its School (BEYOND §8): the account's schools to post under,
// filling in who and where, and the school sent with the details.
import type { OwnSchool } from '@teacheast/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import {
  fieldError,
  jsonResponse,
  mockServer,
  renderWithProviders,
  type RecordedRequest,
} from '../../../testing/render';
import type { JobDetailsView } from '../../job-wizard/api';
import { JobDetailsStep } from '../../job-wizard/components/job-details-step';

const USER_UUID = '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const draft: JobDetailsView = {
  uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  status: 'unpublished',
  title: 'Elementary English Teacher',
  companyName: '',
  email: 'jobs@harbour.example',
  country: '',
  city: '',
  pay: '',
  ageGroup: 'Children',
  duration: '12',
  classSize: '1 - 10',
  startDate: '',
  phone: '',
  link: '',
  schoolSlug: null,
};

const school = (slug: string, name: string, country: string, city: string): OwnSchool => ({
  slug,
  name,
  country,
  city,
  kind: 'language_centre',
  website: null,
  aboutHTML: '',
  foundedYear: null,
  foreignTeachers: null,
  logo: null,
  verified: false,
  registration: null,
});

const HARBOUR = school('harbour-lights', 'Harbour Lights Academy', 'south-korea', 'Busan');
const SAKURA = school('sakura-english', 'Sakura English', 'japan', 'Osaka');

function renderStep(job: JobDetailsView, schools: OwnSchool[], onSave?: (request: RecordedRequest) => Response) {
  const requests = mockServer((request) => {
    if (request.url === '/api/my-schools') return jsonResponse(200, { schools });
    if (request.method === 'POST' && onSave) return onSave(request);
    return jsonResponse(404, { error: true, message: 'Not found' });
  });
  const rendered = renderWithProviders(
    <Routes>
      <Route
        path="/post-job/stepper/details/:uuid"
        element={<JobDetailsStep job={job} userUuid={USER_UUID} readOnly={false} />}
      />
    </Routes>,
    { route: paths.jobWizard('details', job.uuid) },
  );
  return { ...rendered, requests };
}

const saved = (request: RecordedRequest) =>
  jsonResponse(200, {
    message: 'Job details saved.',
    job: {
      ...draft,
      ...(request.body as object),
      schoolSlug: (request.body as { schoolSlug: string | null }).schoolSlug,
    },
  });

describe("the job wizard's School", () => {
  it('lists the account’s schools and "No school", and fills in the name, country and city of the one chosen', async () => {
    const { user, requests } = renderStep(draft, [HARBOUR, SAKURA], saved);
    const select = await screen.findByRole('combobox', { name: 'School' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No school', 'Harbour Lights Academy, Busan', 'Sakura English, Osaka']);
    expect(select).toHaveValue('');
    expect(screen.getByRole('link', { name: 'Create a school' })).toHaveAttribute('href', '/account/schools');

    await user.selectOptions(select, 'sakura-english');
    expect(screen.getByLabelText('School or company name')).toHaveValue('Sakura English');
    expect(screen.getByLabelText('Country')).toHaveValue('japan');
    expect(screen.getByLabelText('City')).toHaveValue('Osaka');

    // Each stays editable: the name shown on the posting may differ from the profile's.
    await user.type(screen.getByLabelText('School or company name'), ' Namba');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Job details saved.')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.url).toBe(`/api/jobs/details/${draft.uuid}/${USER_UUID}`);
    expect(post.body).toMatchObject({
      schoolSlug: 'sakura-english',
      companyName: 'Sakura English Namba',
      country: 'japan',
      city: 'Osaka',
    });
  });

  it('starts from the school saved with the job, and sends none once "No school" is chosen', async () => {
    const job = {
      ...draft,
      companyName: 'Harbour Lights Academy',
      country: 'south-korea',
      city: 'Busan',
      schoolSlug: 'harbour-lights',
    };
    const { user, requests } = renderStep(job, [HARBOUR, SAKURA], saved);
    const select = await screen.findByRole('combobox', { name: 'School' });
    expect(select).toHaveValue('harbour-lights');
    expect(screen.getByText('Saved.')).toBeInTheDocument();

    await user.selectOptions(select, '');
    // Who and where stay as they were.
    expect(screen.getByLabelText('School or company name')).toHaveValue('Harbour Lights Academy');
    expect(screen.getByText('Save your changes to continue.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Job details saved.');
    expect(requests.find((r) => r.method === 'POST')!.body).toMatchObject({ schoolSlug: null });
  });

  it('invites an account without schools to create one, and shows a school the server refuses', async () => {
    const { user } = renderStep({ ...draft, companyName: 'Busan Bay', country: 'south-korea', city: 'Busan' }, [], () =>
      jsonResponse(400, {
        error: true,
        message: 'schoolSlug: Choose one of your schools',
        fields: { schoolSlug: 'Choose one of your schools' },
      }),
    );
    const select = await screen.findByRole('combobox', { name: 'School' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No school']);
    expect(screen.getByText(/Post the job under a school profile/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a school' })).toHaveAttribute('href', '/account/schools');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldError(select)).toBe('Choose one of your schools'));
  });
});
