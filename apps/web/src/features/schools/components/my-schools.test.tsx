import type { OwnSchool } from '@teacheast/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { TOKEN_STORAGE_KEY } from '../../../config/storage-keys';
import { currentUserQueryKey, queryClient } from '../../../lib/query-client';
import {
  fieldError,
  jsonResponse,
  mockServer,
  renderWithProviders,
  type RecordedRequest,
} from '../../../testing/render';
import { MySchools } from './my-schools';

const member = { uuid: '6f1c1f52-3a0e-4d8e-9a4f-1d2b3c4d5e6f', email: 'school@example.com', subscriptionId: null };

const school = (slug: string, name: string, more: Partial<OwnSchool> = {}): OwnSchool => ({
  slug,
  name,
  country: 'south-korea',
  city: 'Busan',
  kind: 'private_school',
  website: null,
  aboutHTML: '',
  foundedYear: null,
  foreignTeachers: null,
  logo: null,
  verified: false,
  registration: null,
  ...more,
});

const HARBOUR = school('harbour-lights', 'Harbour Lights Academy', {
  website: 'https://harbour.example',
  aboutHTML: '<p>By the sea.</p>',
  foundedYear: 2004,
  foreignTeachers: 6,
});
const CHECKED = school('checked-school', 'Checked School', {
  verified: true,
  registration: {
    status: 'approved',
    registrationNumber: '1208147521',
    requestedAt: '2026-02-01T10:00:00.000Z',
    checkedAt: '2026-02-03T09:30:00.000Z',
    note: null,
  },
});
const WAITING = school('waiting-school', 'Waiting School', {
  registration: {
    status: 'pending',
    registrationNumber: '1208147521',
    requestedAt: '2026-02-01T10:00:00.000Z',
    checkedAt: null,
    note: null,
  },
});
const REFUSED = school('refused-school', 'Refused School', {
  registration: {
    status: 'rejected',
    registrationNumber: '1208147521',
    requestedAt: '2026-02-01T10:00:00.000Z',
    checkedAt: '2026-02-02T10:00:00.000Z',
    note: 'The register names another school at this number.',
  },
});

type Answer = Response | undefined;

/** The account's schools at GET /api/my-schools; any other call answered by `other`, or 404. */
function server(schools: OwnSchool[], other: (request: RecordedRequest) => Answer = () => undefined) {
  return mockServer((request) => {
    if (request.url === '/api/my-schools') return jsonResponse(200, { schools });
    return other(request) ?? jsonResponse(404, { error: true, message: 'Not found' });
  });
}

function renderMySchools() {
  return renderWithProviders(<MySchools />, { route: paths.account('schools') });
}

/** A fake XMLHttpRequest (uploads go through it for their progress), answering `answer` to every request. */
function mockUploads(answer: { status: number; body: unknown }) {
  const requests: RecordedRequest[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private request: RecordedRequest = { url: '', method: '', headers: new Headers(), body: undefined };
    open(method: string, url: string) {
      this.request = { ...this.request, method, url };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers.set(name, value);
    }
    send(body: string) {
      requests.push({ ...this.request, body: JSON.parse(body) as unknown });
      setTimeout(() => {
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return requests;
}

describe("the account's Schools tab", () => {
  beforeEach(() => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-123');
    queryClient.setQueryData(currentUserQueryKey, member);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('creates a school from every field of the form, checked as the server checks them', async () => {
    const created = school('sea-breeze-english', 'Sea Breeze English', { kind: 'language_centre', city: 'Ulsan' });
    const schools: OwnSchool[] = [];
    const requests = server(schools, (request) => {
      if (request.method !== 'POST' || request.url !== '/api/schools') return undefined;
      schools.push(created);
      return jsonResponse(201, { school: created });
    });
    const { user } = renderMySchools();
    expect(await screen.findByText(/You have no school yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create a school' }));

    const form = screen.getByRole('form', { name: 'Create a school' });
    expect(within(form).getByRole('heading', { name: 'Create a school' })).toHaveFocus();
    expect(within(form).getByRole('textbox', { name: 'About the school (optional)' })).toBeInTheDocument();

    // Nothing filled in: each required field says so, and nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Create school' }));
    expect(fieldError(within(form).getByLabelText('School name'))).toBe('Required');
    expect(fieldError(within(form).getByLabelText('Kind of school'))).toBe('Required');
    expect(fieldError(within(form).getByLabelText('Country'))).toBe('Required');
    expect(fieldError(within(form).getByLabelText('City'))).toBe('Required');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(within(form).getByLabelText('School name'), 'Sea Breeze English');
    await user.selectOptions(within(form).getByLabelText('Kind of school'), 'language_centre');
    await user.selectOptions(within(form).getByLabelText('Country'), 'south-korea');
    await user.selectOptions(within(form).getByLabelText('City'), 'Ulsan');
    await user.type(within(form).getByLabelText('Website (optional)'), 'seabreeze.example');
    await user.type(within(form).getByLabelText('Year founded (optional)'), '1750');
    await user.type(within(form).getByLabelText('Foreign teachers (optional)'), '4');
    await user.click(within(form).getByRole('button', { name: 'Create school' }));
    expect(fieldError(within(form).getByLabelText('Website (optional)'))).toBe('Must include https://');
    expect(fieldError(within(form).getByLabelText('Year founded (optional)'))).toBe('Must be 1800 or later');

    await user.clear(within(form).getByLabelText('Website (optional)'));
    await user.type(within(form).getByLabelText('Website (optional)'), 'https://seabreeze.example');
    await user.clear(within(form).getByLabelText('Year founded (optional)'));
    await user.type(within(form).getByLabelText('Year founded (optional)'), '2011');
    await user.click(within(form).getByRole('button', { name: 'Create school' }));

    expect(await screen.findByText('School created.')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.url).toBe('/api/schools');
    expect(post.body).toEqual({
      name: 'Sea Breeze English',
      kind: 'language_centre',
      country: 'south-korea',
      city: 'Ulsan',
      website: 'https://seabreeze.example',
      about: '',
      foundedYear: 2011,
      foreignTeachers: 4,
    });
    // The form closes, focus goes back to its button, and the new school is listed.
    expect(screen.queryByRole('form', { name: 'Create a school' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Create a school' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Sea Breeze English' })).toHaveAttribute(
      'href',
      '/schools/sea-breeze-english',
    );
  });

  it("shows the server's refusals: a field it names, and the account's limit of schools", async () => {
    let answer = jsonResponse(400, {
      error: true,
      message: 'name: Contains a character that is not allowed',
      fields: { name: 'Contains a character that is not allowed' },
    });
    server([], (request) => (request.method === 'POST' ? answer : undefined));
    const { user } = renderMySchools();
    await user.click(await screen.findByRole('button', { name: 'Create a school' }));
    const form = screen.getByRole('form', { name: 'Create a school' });
    await user.type(within(form).getByLabelText('School name'), 'Sea Breeze English');
    await user.selectOptions(within(form).getByLabelText('Kind of school'), 'recruiter');
    await user.selectOptions(within(form).getByLabelText('Country'), 'japan');
    await user.selectOptions(within(form).getByLabelText('City'), 'Tokyo');
    await user.click(within(form).getByRole('button', { name: 'Create school' }));
    await waitFor(() =>
      expect(fieldError(within(form).getByLabelText('School name'))).toBe('Contains a character that is not allowed'),
    );

    answer = jsonResponse(409, {
      error: true,
      message: 'You can have at most 20 schools',
      errorType: 'TOO_MANY_SCHOOLS',
    });
    await user.click(within(form).getByRole('button', { name: 'Create school' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('You can have at most 20 schools');
  });

  it('offers no new school to an account that has twenty', async () => {
    server(Array.from({ length: 20 }, (_, i) => school(`school-${i}`, `School ${i}`)));
    renderMySchools();
    expect(await screen.findByText('You have 20 schools, the most one account can have.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create a school' })).toBeNull();
  });

  it('edits a school: the form starts from it and every field is sent back', async () => {
    const requests = server([HARBOUR], (request) =>
      request.method === 'PATCH'
        ? jsonResponse(200, { school: { ...HARBOUR, name: 'Harbour Lights School' } })
        : undefined,
    );
    const { user } = renderMySchools();
    const card = (await screen.findByRole('link', { name: 'Harbour Lights Academy' })).closest('li')!;
    await user.click(within(card).getByRole('button', { name: 'Edit details' }));
    const form = within(card).getByRole('form', { name: 'Edit Harbour Lights Academy' });
    expect(within(form).getByLabelText('City')).toHaveValue('Busan');
    expect(within(form).getByLabelText('Year founded (optional)')).toHaveValue('2004');
    const name = within(form).getByLabelText('School name');
    await user.clear(name);
    await user.type(name, 'Harbour Lights School');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('School saved.')).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'PATCH')!;
    expect(patch.url).toBe('/api/schools/harbour-lights');
    expect(patch.body).toEqual({
      name: 'Harbour Lights School',
      kind: 'private_school',
      country: 'south-korea',
      city: 'Busan',
      website: 'https://harbour.example',
      about: '<p>By the sea.</p>',
      foundedYear: 2004,
      foreignTeachers: 6,
    });
    expect(screen.getByRole('link', { name: 'Harbour Lights School' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit details' })).toHaveFocus();
  });

  it('says where each registration check stands, and offers none to a school already checked', async () => {
    server([CHECKED, WAITING, REFUSED, HARBOUR]);
    renderMySchools();
    const cardOf = async (name: string) => (await screen.findByRole('link', { name })).closest('li')!;
    const checked = await cardOf('Checked School');
    expect(checked).toHaveTextContent('Registration checked February 3, 2026');
    expect(within(checked).queryByRole('button', { name: 'Registration check' })).toBeNull();
    expect(await cardOf('Waiting School')).toHaveTextContent(
      'Registration check: waiting for review. We received number 1208147521 on February 1, 2026.',
    );
    expect(await cardOf('Refused School')).toHaveTextContent(
      'Registration check not accepted (February 2, 2026): The register names another school at this number.',
    );
    // A school that never asked says nothing of it.
    expect(await cardOf('Harbour Lights Academy')).not.toHaveTextContent(/registration checked|waiting|not accepted/i);
  });

  it('sends a registration number and shows a wrong one, one already claimed, and one accepted', async () => {
    let answer: Response = jsonResponse(400, {
      error: true,
      message: 'registrationNumber: This is not a valid business registration number: check each digit',
      fields: { registrationNumber: 'This is not a valid business registration number: check each digit' },
    });
    const requests = server([HARBOUR], (request) => (request.method === 'POST' ? answer : undefined));
    const { user } = renderMySchools();
    const card = (await screen.findByRole('link', { name: 'Harbour Lights Academy' })).closest('li')!;
    await user.click(within(card).getByRole('button', { name: 'Registration check' }));
    const form = within(card).getByRole('form', { name: 'Registration check of Harbour Lights Academy' });
    const number = within(form).getByLabelText('Registration number');

    await user.click(within(form).getByRole('button', { name: 'Send for checking' }));
    expect(fieldError(number)).toBe('Required');

    await user.type(number, '123-45-67890');
    await user.click(within(form).getByRole('button', { name: 'Send for checking' }));
    await waitFor(() =>
      expect(fieldError(number)).toBe('This is not a valid business registration number: check each digit'),
    );
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/schools/harbour-lights/verification',
      body: { registrationNumber: '123-45-67890' },
    });

    answer = jsonResponse(409, {
      error: true,
      message: 'Another school already holds this registration number, checked.',
      errorType: 'REGISTRATION_CLAIMED',
    });
    await user.click(within(form).getByRole('button', { name: 'Send for checking' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Another school already holds this registration number, checked.');
    expect(within(alert).getByRole('link', { name: 'write to us' })).toHaveAttribute('href', '/contact-us');

    answer = jsonResponse(202, {
      message: 'Thank you: TeachEast checks the number with the register and will say when it is done.',
      registration: {
        status: 'pending',
        registrationNumber: '1208147521',
        requestedAt: '2026-03-05T10:00:00.000Z',
        checkedAt: null,
        note: null,
      },
    });
    await user.click(within(form).getByRole('button', { name: 'Send for checking' }));
    expect(await screen.findByText(/TeachEast checks the number with the register/)).toBeInTheDocument();
    expect(card).toHaveTextContent(
      'Registration check: waiting for review. We received number 1208147521 on March 5, 2026.',
    );
    expect(number).toHaveValue('');
  });

  it('uploads a logo as a data URL, refusing a file that is not a picture', async () => {
    server([HARBOUR]);
    const uploads = mockUploads({ status: 200, body: { logo: '/media/img/harbour-logo.webp' } });
    const { user } = renderMySchools();
    const card = (await screen.findByRole('link', { name: 'Harbour Lights Academy' })).closest('li')!;
    await user.click(within(card).getByRole('button', { name: 'Add a logo' }));
    expect(card).toHaveTextContent('This school has no logo yet.');
    const picker = within(card).getByLabelText(/Choose a logo/);

    // A file the picker's filter lets through all the same (its "All files" choice).
    await userEvent
      .setup({ applyAccept: false })
      .upload(picker, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'notes.txt: only .jpg, .jpeg and .png files can be used.',
    );
    expect(within(card).queryByRole('button', { name: 'Save logo' })).toBeNull();

    await user.upload(picker, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }));
    expect(await within(card).findByRole('img', { name: 'The logo you chose' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    await user.click(within(card).getByRole('button', { name: 'Save logo' }));
    expect(await screen.findByText('Logo saved.')).toBeInTheDocument();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ method: 'PUT', url: '/api/schools/harbour-lights/logo' });
    expect((uploads[0]!.body as { logo: string }).logo).toMatch(/^data:image\/png;base64,/);
    expect(within(card).getByRole('img', { name: 'The logo of Harbour Lights Academy' })).toHaveAttribute(
      'src',
      '/media/img/harbour-logo.webp',
    );
    expect(within(card).getByRole('button', { name: 'Change logo' })).toHaveAttribute('aria-expanded', 'true');
  });
});
