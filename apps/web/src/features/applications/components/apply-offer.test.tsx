import type { Job } from '@teacheast/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../config/storage-keys';
import { currentUserQueryKey, queryClient } from '../../../lib/query-client';
import { jsonResponse, mockServer, renderWithProviders, type RecordedRequest } from '../../../testing/render';
import { ApplyOffer } from './apply-offer';

const member = { uuid: '6f1c1f52-3a0e-4d8e-9a4f-1d2b3c4d5e6f', email: 'teacher@example.com', subscriptionId: null };

const job: Job = {
  uuid: '3d6a1e2b-7c4f-4a8e-9b1d-2e3f4a5b6c7d',
  title: 'Kindergarten Teacher',
  companyName: 'Hanoi English Centre',
  country: 'vietnam',
  city: 'Hanoi',
  ageGroup: 'Kindergarten',
  pay: '',
  startDate: 'ASAP',
  duration: '12',
  classSize: '10-20',
  thumbnail: null,
  publishedDate: '2026-06-01T00:00:00.000Z',
  email: 'jobs@hanoi-english.example',
  phone: '',
  link: '',
  descriptionHTML: '<p>Teach.</p>',
  images: [],
  favoritedBy: [],
  status: 'published',
  salary: null,
  badges: [],
  permit: null,
  school: null,
  terms: null,
  underReview: false,
  takenDown: false,
};

const resume = {
  uuid: '8a7b6c5d-4e3f-4a1b-8c9d-0e1f2a3b4c5d',
  name: 'Jane Doe',
  nationality: 'Canada',
  experience: '3',
  education: 'Bachelor',
  desiredCountry: 'vietnam',
  desiredStartDate: 'ASAP',
  desiredAgeGroup: 'Kindergarten',
  profileImage: null,
  lastUpdatedAt: null,
  email: 'teacher@example.com',
  resumeHtml: '<p>Me</p>',
  resumeUrl: '',
  published: true,
};

const sent = {
  application: {
    id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    jobUuid: job.uuid,
    status: 'submitted',
    coverLetter: 'I love teaching.',
    createdAt: '2026-06-03T10:00:00.000Z',
    history: [{ status: 'submitted', at: '2026-06-03T10:00:00.000Z' }],
  },
};

function logInAsMember() {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-123');
  queryClient.setQueryData(currentUserQueryKey, member);
}

const notFound = () => jsonResponse(404, { error: true, message: 'No such job' });

/** A member who does not own the job, with a resume (published unless said) and no applications. */
function memberServer(onApply: (request: RecordedRequest) => Response, published = true) {
  return mockServer((request) => {
    if (request.url === `/api/jobs/${job.uuid}/applications`) {
      return request.method === 'POST' ? onApply(request) : notFound();
    }
    if (request.url === '/api/applications') return jsonResponse(200, { applications: [] });
    if (request.url === `/api/post-resume/preview/${member.uuid}`) return jsonResponse(200, { ...resume, published });
    return jsonResponse(500, { error: true, message: `Unexpected ${request.url}` });
  });
}

async function openDialog(user: ReturnType<typeof renderWithProviders>['user']) {
  const apply = await screen.findByRole('button', { name: 'Apply' });
  await user.click(apply);
  const dialog = await screen.findByRole('dialog', { name: 'Apply to Hanoi English Centre' });
  return { apply, dialog };
}

describe('ApplyOffer', () => {
  it('asks a visitor to log in, without calling the server', () => {
    queryClient.setQueryData(currentUserQueryKey, null);
    const requests = mockServer(() => jsonResponse(500, {}));
    renderWithProviders(<ApplyOffer job={job} />);
    expect(screen.getByRole('link', { name: 'Log in to apply' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('offers nothing on a closed posting', () => {
    logInAsMember();
    const requests = mockServer(() => jsonResponse(500, {}));
    const { container } = renderWithProviders(<ApplyOffer job={{ ...job, status: 'expired' }} />);
    expect(container).toBeEmptyDOMElement();
    expect(requests).toHaveLength(0);
  });

  it('sends the cover letter, says so, and turns Apply into Applied with the focus on it', async () => {
    logInAsMember();
    const requests = memberServer(() => jsonResponse(201, sent));
    const { user } = renderWithProviders(<ApplyOffer job={job} />);
    const { apply, dialog } = await openDialog(user);

    const letter = within(dialog).getByRole('textbox', { name: 'Cover letter (optional)' });
    expect(letter).toHaveFocus();
    expect(letter).toHaveAttribute('maxlength', '5000');
    expect(within(dialog).getByText('0 of 5,000 characters')).toBeInTheDocument();
    await user.type(letter, 'I love teaching.');
    expect(within(dialog).getByText('16 of 5,000 characters')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send application' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Application sent to Hanoi English Centre.');
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      url: `/api/jobs/${job.uuid}/applications`,
      body: { coverLetter: 'I love teaching.' },
    });
    expect(posts[0]?.headers.get('Authorization')).toBe('Bearer token-123');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(apply).toHaveTextContent('Applied');
    expect(apply).toHaveAttribute('aria-disabled', 'true');
    expect(apply).toHaveFocus();
    await user.click(apply);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows Applied when the server says the member has already applied', async () => {
    logInAsMember();
    memberServer(() =>
      jsonResponse(409, { error: true, message: 'You have already applied to this job', errorType: 'ALREADY_APPLIED' }),
    );
    const { user } = renderWithProviders(<ApplyOffer job={job} />);
    const { apply, dialog } = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Send application' }));

    await waitFor(() => expect(apply).toHaveTextContent('Applied'));
    expect(apply).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows Applied at once for a job in the member’s applications', async () => {
    logInAsMember();
    mockServer((request) => {
      if (request.url === '/api/applications') {
        return jsonResponse(200, { applications: [{ ...sent.application, job, unread: 0 }] });
      }
      if (request.url === `/api/post-resume/preview/${member.uuid}`) return jsonResponse(200, resume);
      return notFound();
    });
    renderWithProviders(<ApplyOffer job={job} />);
    const applied = await screen.findByRole('button', { name: 'Applied' });
    expect(applied).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('link', { name: 'Your applications' })).toHaveAttribute('href', '/account/applications');
  });

  it('points to the resume wizard when the server finds no published resume', async () => {
    logInAsMember();
    memberServer(() =>
      jsonResponse(409, { error: true, message: 'Publish your resume to apply', errorType: 'NO_RESUME' }),
    );
    const { user } = renderWithProviders(<ApplyOffer job={job} />);
    const { dialog } = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Send application' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your resume is not published.');
    expect(within(alert).getByRole('link', { name: 'Publish your resume to apply' })).toHaveAttribute(
      'href',
      '/post-resume',
    );
  });

  it('without a published resume, offers the resume wizard instead of Apply', async () => {
    logInAsMember();
    const requests = memberServer(() => jsonResponse(201, sent), false);
    renderWithProviders(<ApplyOffer job={job} />);
    expect(await screen.findByRole('link', { name: 'Publish your resume to apply' })).toHaveAttribute(
      'href',
      '/post-resume',
    );
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('closes on Escape and gives the focus back to Apply, sending nothing', async () => {
    logInAsMember();
    const requests = memberServer(() => jsonResponse(201, sent));
    const { user } = renderWithProviders(<ApplyOffer job={job} />);
    const { apply } = await openDialog(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(apply).toHaveFocus();
    expect(apply).toHaveTextContent('Apply');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('keeps Tab inside the dialog', async () => {
    logInAsMember();
    memberServer(() => jsonResponse(201, sent));
    const { user } = renderWithProviders(<ApplyOffer job={job} />);
    const { dialog } = await openDialog(user);
    expect(within(dialog).getByRole('textbox', { name: 'Cover letter (optional)' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Send application' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close the application form' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Send application' })).toHaveFocus();
  });

  it('shows its owner the way to the applicants instead of Apply', async () => {
    logInAsMember();
    const requests = mockServer((request) =>
      request.url === `/api/jobs/${job.uuid}/applications`
        ? jsonResponse(200, { applications: [] })
        : jsonResponse(500, { error: true, message: 'Unexpected' }),
    );
    renderWithProviders(<ApplyOffer job={job} />);
    expect(await screen.findByRole('link', { name: 'Applicants (0)' })).toHaveAttribute(
      'href',
      `/job/applicants/${job.uuid}`,
    );
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(requests.map((r) => r.url)).toEqual([`/api/jobs/${job.uuid}/applications`]);
  });
});
