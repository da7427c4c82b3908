// The posting checks in the job wizard (BEYOND §9): what the school's words meet is shown as it types,
// after a pause, without stopping it; a publish the checks refuse lists what to change and where; a
// publish (or the save of a published job) they warn about goes through once each warning is ticked.
import { POSTING_RULES, type Job, type PostingRuleId } from '@teacheast/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { currentUserQueryKey, queryClient } from '../../../lib/query-client';
import { publishedJob } from '../../../testing/published-job';
import { jsonResponse, mockServer, renderWithProviders, type RecordedRequest } from '../../../testing/render';
import type { JobDetailsView } from '../api';
import { JobDescriptionStep } from './job-description-step';
import { JobDetailsStep } from './job-details-step';
import { LIVE_CHECK_DELAY_MS } from './posting-checks';
import { PreviewStep } from './preview-step';

const UUID = '0b7f3c1e-6a7d-4e3a-9a55-2f4a8d3c1b10';
const USER = '6f1c1f52-3a0e-4d8e-9a4f-1d2b3c4d5e6f';
const PUBLISH_URL = `/api/job/publish/${UUID}/${USER}`;
const DESCRIPTION_URL = `/api/job/richtext/${UUID}/${USER}`;
const PUBLISHED = 'Your job is published! It stays live for 45 days.';
const ACKNOWLEDGE = 'I have read this and want to publish as it is';

const ruleOf = (id: PostingRuleId) => POSTING_RULES.find((rule) => rule.id === id)!;
const NATIVE = ruleOf('native_speaker');
const MONEY = ruleOf('asks_for_money');

/** The server's 409 for the warnings it found, as the error handler writes it. */
const warning = (issues: { rule: PostingRuleId; excerpt: string }[]) =>
  jsonResponse(409, {
    error: true,
    message: `Please check this before publishing: ${ruleOf(issues[0]!.rule).message}`,
    errorType: 'POSTING_WARNING',
    issues: issues.map((issue) => ({ ...issue, message: ruleOf(issue.rule).message })),
  });

/** What ProseMirror reads as an edit of the description, as a browser's typing is (jsdom cannot type into it). */
function typeDescription(text: string) {
  const box = screen.getByRole('textbox', { name: 'Job description' });
  box.querySelector('p')!.textContent = text;
}

/** The live region beside the field: polite, and never taking the focus from the typing. */
function liveRegionOf(text: HTMLElement): HTMLElement {
  const region = text.closest<HTMLElement>('[aria-live]');
  expect(region).toHaveAttribute('aria-live', 'polite');
  return region!;
}

function renderDescription(
  initialHtml: string,
  respond: (request: RecordedRequest) => Response = () => jsonResponse(404, {}),
) {
  const requests = mockServer(respond);
  const rendered = renderWithProviders(
    <JobDescriptionStep uuid={UUID} userUuid={USER} initialHtml={initialHtml} readOnly={false} />,
  );
  return { ...rendered, requests };
}

beforeEach(() => {
  queryClient.setQueryData(currentUserQueryKey, { uuid: USER, email: 'school@example.com', subscriptionId: null });
});

describe('the description step’s live checks', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows "This will be refused" for a placement fee once the school pauses, and nothing for "we pay your visa fee"', async () => {
    vi.useFakeTimers();
    renderDescription('<p>Teach happy children.</p>');
    typeDescription('Teach happy children. A placement fee of $500 is due before you fly.');
    // The editor has taken the words (its own reading of the change is a microtask away).
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Next saves your changes.')).toBeInTheDocument();
    // Not while typing: only once the words have rested.
    await act(() => vi.advanceTimersByTimeAsync(LIVE_CHECK_DELAY_MS - 100));
    expect(screen.queryByText('This will be refused:')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(100));

    const item = screen.getByText('This will be refused:').closest('li')!;
    expect(item).toHaveTextContent(
      `This will be refused: “A placement fee of $500 is due before you fly.” ${MONEY.message} ${MONEY.suggestion}`,
    );
    const region = liveRegionOf(item);
    // The field keeps the focus the school types in.
    expect(region).not.toContainElement(document.activeElement as HTMLElement);

    typeDescription('Teach happy children. We pay your visa fee.');
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => vi.advanceTimersByTimeAsync(LIVE_CHECK_DELAY_MS));
    expect(region).toBeEmptyDOMElement();
  });

  it('reads the description it opens with at once: a fee is shown, and "we pay your visa fee" shows nothing', async () => {
    const { unmount } = renderDescription('<p>There is a placement fee of $500.</p>');
    expect(screen.getByText('This will be refused:').closest('li')).toHaveTextContent('placement fee of $500');
    unmount();
    renderDescription('<p>We pay your visa fee and your flights.</p>');
    expect(screen.queryByText('This will be refused:')).toBeNull();
    expect(screen.queryByText('Please check:')).toBeNull();
  });

  it('asks the school to check "native speakers only", with what to write instead', async () => {
    renderDescription('<p>Teach happy children.</p>');
    typeDescription('Native speakers only.');
    const lead = await screen.findByText('Please check:');
    expect(lead.closest('li')).toHaveTextContent(
      `Please check: “Native speakers only.” ${NATIVE.message} Write "must qualify for a work visa" instead.`,
    );
    expect(screen.queryByText('This will be refused:')).toBeNull();
  });
});

describe('the details step’s live checks', () => {
  const draft: JobDetailsView = {
    uuid: UUID,
    status: 'unpublished',
    title: 'Kindergarten Teacher',
    companyName: 'Sakura English',
    email: 'hr@sakura.example',
    country: 'japan',
    city: 'Tokyo',
    pay: '',
    ageGroup: 'Children',
    duration: '12',
    classSize: '1 - 10',
    startDate: '',
    phone: '',
    link: '',
    schoolSlug: null,
  };

  it('reads the title and the pay notes as the school types, each beside its field', async () => {
    mockServer((request) =>
      request.url === '/api/my-schools' ? jsonResponse(200, { schools: [] }) : jsonResponse(404, {}),
    );
    const { user } = renderWithProviders(<JobDetailsStep job={draft} userUuid={USER} readOnly={false} />);
    await user.type(screen.getByLabelText('Pay (optional)'), '2,000 USD a month, placement fee 300 USD');
    const refused = (await screen.findByText('This will be refused:')).closest('li')!;
    expect(refused).toHaveTextContent('placement fee 300 USD');
    // Beside the Pay field, not the title's.
    const pay = screen.getByLabelText('Pay (optional)');
    expect(pay.compareDocumentPosition(refused) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      screen.getByLabelText('Student age group').compareDocumentPosition(refused) & Node.DOCUMENT_POSITION_PRECEDING,
    ).toBeTruthy();
    expect(pay).toHaveFocus();

    await user.clear(screen.getByLabelText('Job title'));
    await user.type(screen.getByLabelText('Job title'), 'Native English Teacher');
    const check = (await screen.findByText('Please check:')).closest('li')!;
    expect(check).toHaveTextContent('Native English Teacher');
    expect(
      screen.getByLabelText('Job title').compareDocumentPosition(check) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(pay.compareDocumentPosition(check) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
  });
});

describe('publishing from the preview', () => {
  const draft: Job = {
    ...publishedJob,
    uuid: UUID,
    status: 'unpublished',
    publishedDate: null,
    descriptionHTML: '<p>Native speakers only. Add us on WeChat: sakura_hr</p>',
  };

  function renderPreview(onPublish: (request: RecordedRequest) => Response, job: Job = draft) {
    const requests = mockServer((request) => {
      if (request.url === `/api/job/preview/${UUID}/${USER}`) return jsonResponse(200, job);
      if (request.url === PUBLISH_URL) return onPublish(request);
      return jsonResponse(404, { error: true, message: 'Not found' });
    });
    const rendered = renderWithProviders(
      <Routes>
        <Route path="/post-job/stepper/preview/:uuid" element={<PreviewStep uuid={UUID} userUuid={USER} />} />
        <Route path="/account/published" element={<h1>Published jobs</h1>} />
      </Routes>,
      { route: paths.jobWizard('preview', UUID) },
    );
    return { ...rendered, publishes: () => requests.filter((r) => r.url === PUBLISH_URL) };
  }

  it('shows each warning with its box, and publishes anyway once every box is ticked, naming their rules', async () => {
    const { user, publishes } = renderPreview((request) =>
      request.body === undefined
        ? warning([
            { rule: 'native_speaker', excerpt: 'Native speakers only.' },
            { rule: 'messenger_contact', excerpt: 'Add us on WeChat: sakura_hr' },
          ])
        : jsonResponse(200, { message: PUBLISHED }),
    );
    await user.click(await screen.findByRole('button', { name: 'Publish' }));

    const panel = await screen.findByRole('region', { name: 'Please check before you go on' });
    expect(within(panel).getByRole('heading', { name: 'Please check before you go on' })).toHaveFocus();
    const native = within(panel).getByRole('group', { name: /Native speakers only/ });
    expect(native).toHaveTextContent(NATIVE.message);
    const messenger = within(panel).getByRole('group', { name: /WeChat: sakura_hr/ });
    const publishAnyway = within(panel).getByRole('button', { name: 'Publish anyway' });
    expect(publishAnyway).toBeDisabled();

    await user.click(within(native).getByRole('checkbox', { name: ACKNOWLEDGE }));
    expect(publishAnyway).toBeDisabled();
    await user.click(within(messenger).getByRole('checkbox', { name: ACKNOWLEDGE }));
    expect(publishAnyway).toBeEnabled();
    await user.click(publishAnyway);

    expect(await screen.findByRole('heading', { name: 'Published jobs' })).toBeInTheDocument();
    expect(screen.getByText(PUBLISHED)).toBeInTheDocument();
    expect(publishes().map((request) => request.body)).toEqual([
      undefined,
      { acknowledgeWarnings: ['native_speaker', 'messenger_contact'] },
    ]);
  });

  it('lists what the checks refuse, with a link to the step that holds the words', async () => {
    const job = { ...draft, title: 'Teacher', descriptionHTML: '<p>A placement fee of $500 is due on arrival.</p>' };
    const { user, publishes } = renderPreview(
      () =>
        jsonResponse(400, {
          error: true,
          message: `This posting cannot be published as it is: ${MONEY.message}`,
          errorType: 'POSTING_CHECK',
          issues: [
            { rule: 'asks_for_money', excerpt: 'A placement fee of $500 is due on arrival.', message: MONEY.message },
          ],
        }),
      job,
    );
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const panel = await screen.findByRole('region', { name: 'This job cannot be published as it is' });
    const item = within(panel).getByText('This will be refused:').closest('li')!;
    expect(item).toHaveTextContent('“A placement fee of $500 is due on arrival.”');
    expect(item).toHaveTextContent(MONEY.message);
    expect(within(item).getByRole('link', { name: 'Change it in Job Description' })).toHaveAttribute(
      'href',
      paths.jobWizard('description', UUID),
    );
    expect(within(panel).queryByRole('button', { name: 'Publish anyway' })).toBeNull();
    expect(publishes()).toHaveLength(1);
  });
});

describe('saving the description of a published job', () => {
  it('asks about a new warning and saves anyway once it is ticked, naming its rule', async () => {
    const { user, requests } = renderDescription('<p>Teach happy children.</p>', (request) => {
      const body = request.body as { descriptionHTML: string; acknowledgeWarnings?: PostingRuleId[] };
      if (request.url !== DESCRIPTION_URL) return jsonResponse(404, {});
      return body.acknowledgeWarnings
        ? jsonResponse(200, { descriptionHTML: body.descriptionHTML })
        : warning([{ rule: 'native_speaker', excerpt: 'Native speakers only.' }]);
    });
    typeDescription('Native speakers only.');
    await waitFor(() => expect(screen.getByText('Next saves your changes.')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const panel = await screen.findByRole('region', { name: 'Please check before you go on' });
    const saveAnyway = within(panel).getByRole('button', { name: 'Save anyway' });
    expect(saveAnyway).toBeDisabled();
    await user.click(within(panel).getByRole('checkbox', { name: ACKNOWLEDGE }));
    await user.click(saveAnyway);

    expect(await screen.findByText('Job description saved.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Please check before you go on' })).toBeNull();
    expect(requests.map((request) => request.body)).toEqual([
      { descriptionHTML: '<p>Native speakers only.</p>' },
      { descriptionHTML: '<p>Native speakers only.</p>', acknowledgeWarnings: ['native_speaker'] },
    ]);
  });
});
