import { screen, waitFor, within } from '@testing-library/react';
import { HIDDEN_DOMAINS_MAX } from '@teacheast/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../config/storage-keys';
import { currentUserQueryKey, queryClient } from '../../../lib/query-client';
import { jsonResponse, mockServer, renderWithProviders, type RecordedRequest } from '../../../testing/render';
import { ResumePrivacyForm } from './resume-privacy-form';

const teacher = { uuid: '6f1c1f52-3a0e-4d8e-9a4f-1d2b3c4d5e6f', email: 'teacher@example.com', subscriptionId: null };
const PRIVACY_URL = `/api/post-resume/privacy/${teacher.uuid}`;

/** A server holding `saved`, answering a PUT with what it stores (or with `refuse`'s answer). */
function privacyServer(saved: unknown, refuse?: () => Response) {
  return ({ url, method, body }: RecordedRequest) => {
    if (url !== PRIVACY_URL) return jsonResponse(404, { error: true, message: 'Not found' });
    if (method === 'GET') return jsonResponse(200, saved);
    if (refuse) return refuse();
    return jsonResponse(200, body);
  };
}

function renderForm() {
  return renderWithProviders(<ResumePrivacyForm userUuid={teacher.uuid} />);
}

const form = () => screen.getByRole('form', { name: 'Who sees your resume' });
const domainList = () => screen.getByRole('list', { name: 'Hidden domains' });
const addField = () => screen.getByRole('textbox', { name: 'Domain or e-mail address to hide from' });

describe('ResumePrivacyForm', () => {
  beforeEach(() => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-123');
    queryClient.setQueryData(currentUserQueryKey, teacher);
  });

  it('shows the saved choice and domains, each choice with what it means', async () => {
    mockServer(
      privacyServer({ visibility: 'applications_only', hiddenFromDomains: ['rival.example', 'old-school.example'] }),
    );
    renderForm();

    const onlyApplied = await screen.findByRole('radio', { name: 'Only the schools I apply to' });
    expect(onlyApplied).toBeChecked();
    expect(onlyApplied).toHaveAccessibleDescription(
      'Your resume is not on the Resume Board. Only the schools you apply to can open it, from your application.',
    );
    const board = screen.getByRole('radio', { name: 'On the resume board' });
    expect(board).not.toBeChecked();
    expect(board).toHaveAccessibleDescription(/Schools with a Resume Board subscription can find your resume/);
    expect(screen.getByRole('group', { name: 'Where your resume is shown' })).toContainElement(board);

    const items = within(domainList()).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/\.example$/).textContent)).toEqual([
      'rival.example',
      'old-school.example',
    ]);
    expect(within(domainList()).getByRole('button', { name: 'Remove rival.example' })).toBeInTheDocument();
    expect(screen.getByText(`Hidden from 2 of at most ${HIDDEN_DOMAINS_MAX} domains.`)).toBeInTheDocument();
  });

  it('sends the choice and the edited list, an address as its domain, and says it is saved', async () => {
    const requests = mockServer(privacyServer({ visibility: 'board', hiddenFromDomains: ['rival.example'] }));
    const { user } = renderForm();
    await user.click(await screen.findByRole('radio', { name: 'Only the schools I apply to' }));

    // An address pasted whole counts as its domain; Enter adds it rather than saving the form.
    await user.type(addField(), 'HR@Current-School.example{Enter}');
    expect(within(domainList()).getByText('current-school.example')).toBeInTheDocument();
    expect(addField()).toHaveValue('');
    expect(addField()).toHaveFocus();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove rival.example' }));
    expect(within(domainList()).queryByText('rival.example')).toBeNull();
    expect(addField()).toHaveFocus();

    await user.click(within(form()).getByRole('button', { name: 'Save privacy' }));
    expect(await screen.findByText('Your resume’s privacy is saved.')).toBeInTheDocument();
    const puts = requests.filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]!.url).toBe(PRIVACY_URL);
    expect(puts[0]!.body).toEqual({ visibility: 'applications_only', hiddenFromDomains: ['current-school.example'] });
  });

  it('saves a domain typed but not added yet along with the others', async () => {
    const requests = mockServer(privacyServer({ visibility: 'board', hiddenFromDomains: [] }));
    const { user } = renderForm();
    expect(await screen.findByText('Your resume is hidden from no domain.')).toBeInTheDocument();
    await user.type(addField(), 'agency.example');
    await user.click(screen.getByRole('button', { name: 'Save privacy' }));
    expect(await screen.findByText('Your resume’s privacy is saved.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({
      visibility: 'board',
      hiddenFromDomains: ['agency.example'],
    });
    expect(within(domainList()).getByText('agency.example')).toBeInTheDocument();
  });

  it('refuses to add what is not a domain, one already there, or one past the limit', async () => {
    const full = Array.from({ length: HIDDEN_DOMAINS_MAX }, (_, i) => `school-${i}.example`);
    mockServer(privacyServer({ visibility: 'board', hiddenFromDomains: full.slice(0, -1) }));
    const { user } = renderForm();

    await user.type(await screen.findByRole('textbox', { name: /Domain or e-mail/ }), 'not a domain');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(addField()).toHaveAccessibleDescription('Not an e-mail domain, e.g. school.example');
    expect(addField()).toHaveAttribute('aria-invalid', 'true');

    await user.clear(addField());
    await user.type(addField(), 'school-0.example{Enter}');
    expect(addField()).toHaveAccessibleDescription('school-0.example is already in the list.');

    await user.clear(addField());
    await user.type(addField(), `school-${HIDDEN_DOMAINS_MAX - 1}.example{Enter}`);
    expect(within(domainList()).getAllByRole('listitem')).toHaveLength(HIDDEN_DOMAINS_MAX);
    await user.type(addField(), 'one-more.example{Enter}');
    expect(addField()).toHaveAccessibleDescription(
      `You can hide your resume from at most ${HIDDEN_DOMAINS_MAX} domains: remove one first.`,
    );
    expect(within(domainList()).getAllByRole('listitem')).toHaveLength(HIDDEN_DOMAINS_MAX);
  });

  it('shows the server’s messages on the domain it refused and on the list, and focuses the first', async () => {
    const requests = mockServer(
      privacyServer({ visibility: 'board', hiddenFromDomains: ['good.example', 'refused.example'] }, () =>
        jsonResponse(400, {
          error: true,
          message: 'hiddenFromDomains.1: Not an e-mail domain, e.g. school.example',
          errorType: 'VALIDATION',
          fields: {
            'hiddenFromDomains.1': 'Not an e-mail domain, e.g. school.example',
            hiddenFromDomains: 'No more than 20 domains',
          },
        }),
      ),
    );
    const { user } = renderForm();
    await user.click(await screen.findByRole('button', { name: 'Save privacy' }));

    const refused = await screen.findByRole('button', { name: 'Remove refused.example' });
    expect(refused).toHaveAccessibleDescription('Not an e-mail domain, e.g. school.example');
    await waitFor(() => expect(refused).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Remove good.example' })).not.toHaveAccessibleDescription();
    expect(screen.getByRole('group', { name: 'Hidden from these e-mail domains' })).toHaveAccessibleDescription(
      /No more than 20 domains$/,
    );
    // The server's message in an error toast, too.
    expect(within(screen.getByRole('region', { name: 'Notifications' })).getByRole('alert')).toHaveTextContent(
      'hiddenFromDomains.1: Not an e-mail domain, e.g. school.example',
    );
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({
      visibility: 'board',
      hiddenFromDomains: ['good.example', 'refused.example'],
    });

    // Removing the refused domain takes its message away.
    await user.click(refused);
    expect(screen.queryByText('Not an e-mail domain, e.g. school.example')).toBeNull();
  });
});
