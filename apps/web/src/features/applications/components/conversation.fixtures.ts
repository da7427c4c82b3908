// An application's conversation as the server answers it (BEYOND §10), for the component tests of the
// conversation page's parts: the two parties, a job with a Korean contract sheet, and a fake server
// that keeps the application, its interviews, its offer and its messages.
import type { ApplicationDetail, ConversationMessage, Interview, JobTerms, Offer } from '@teacheast/shared';
import { currentUserQueryKey, queryClient } from '../../../lib/query-client';
import { TOKEN_STORAGE_KEY } from '../../../config/storage-keys';
import { jsonResponse, mockServer, type RecordedRequest } from '../../../testing/render';

export const APPLICATION_ID = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
export const JOB_UUID = '3d6a1e2b-7c4f-4a8e-9b1d-2e3f4a5b6c7d';
const teacherUser = {
  uuid: '6f1c1f52-3a0e-4d8e-9a4f-1d2b3c4d5e6f',
  email: 'jane@example.com',
  subscriptionId: null,
};
export const schoolUser = {
  uuid: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  email: 'hr@busan.example',
  subscriptionId: null,
};

/** The ad's contract sheet. */
export const postedTerms: JobTerms = {
  salary: { currency: 'KRW', min: 2_500_000, max: 2_800_000, period: 'month', basis: 'gross' },
  teachingHoursPerWeek: 25,
  housing: 'provided',
  flights: 'paid',
  visa: { sponsored: true, permit: 'KR-E2', costsPaidBy: 'school' },
  vacationDays: 14,
  healthInsurance: 'full',
  severance: 'legal',
  splitShift: false,
  saturdays: 'never',
};

/** An offer below the ad on pay and housing, above it on vacation. */
export const lowerOffer: Offer = {
  id: '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9',
  terms: {
    ...postedTerms,
    salary: { ...postedTerms.salary, min: 2_300_000, max: undefined },
    housing: 'allowance',
    housingAllowance: 300_000,
    vacationDays: 18,
  },
  respondBy: '2026-12-15',
  status: 'open',
  createdAt: '2026-12-01T09:00:00.000Z',
  answeredAt: null,
  differences: [
    {
      field: 'salary',
      posted: 'KRW 2,500,000–2,800,000 a month, before tax',
      offered: 'KRW 2,300,000 a month, before tax',
      worse: true,
    },
    {
      field: 'housing',
      posted: 'Provided',
      offered: 'Housing allowance of 300,000 KRW a month',
      worse: true,
    },
    { field: 'vacation', posted: '14 paid vacation days', offered: '18 paid vacation days', worse: false },
  ],
};

/** Proposed in Asia/Seoul: 11:00 and 15:00 there on Thursday 10 December 2026. */
export const seoulInterview: Interview = {
  id: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
  timeZone: 'Asia/Seoul',
  slots: [
    {
      id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
      startsAt: '2026-12-10T02:00:00.000Z',
      minutes: 45,
      mode: 'video',
      where: 'https://meet.example/busan',
    },
    {
      id: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e',
      startsAt: '2026-12-10T06:00:00.000Z',
      minutes: 30,
      mode: 'phone',
      where: null,
    },
  ],
  acceptedSlotId: null,
  status: 'proposed',
  reason: null,
  createdAt: '2026-12-01T08:00:00.000Z',
};

export function applicationDetail(fields: Partial<ApplicationDetail> = {}): ApplicationDetail {
  return {
    id: APPLICATION_ID,
    jobUuid: JOB_UUID,
    status: 'shortlisted',
    coverLetter: 'I love teaching.',
    createdAt: '2026-11-20T10:00:00.000Z',
    history: [
      { status: 'submitted', at: '2026-11-20T10:00:00.000Z' },
      { status: 'shortlisted', at: '2026-11-21T10:00:00.000Z' },
    ],
    applicantName: 'Jane Doe',
    applicantEmail: 'jane@example.com',
    resumeUuid: '8a7b6c5d-4e3f-4a1b-8c9d-0e1f2a3b4c5d',
    eligibility: null,
    unread: 0,
    as: 'teacher',
    job: { uuid: JOB_UUID, title: 'Kindergarten Teacher', companyName: 'Busan Bright Academy', country: 'south-korea' },
    interviews: [],
    offer: null,
    open: true,
    ...fields,
  };
}

/** Logs in the party `as` names, as the session would hold them. */
export function logInAs(as: 'teacher' | 'school'): void {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-123');
  queryClient.setQueryData(currentUserQueryKey, as === 'teacher' ? teacherUser : schoolUser);
}

type Answer = Response | undefined;

/**
 * A server holding one application: GETs answer what it holds now; `handle` answers the rest (or
 * replaces a GET), and may change what it holds through `state`.
 */
export function conversationServer(
  initial: { detail: ApplicationDetail; messages?: ConversationMessage[] },
  handle: (
    request: RecordedRequest,
    state: { detail: ApplicationDetail; messages: ConversationMessage[] },
  ) => Answer = () => undefined,
) {
  const state = { detail: initial.detail, messages: initial.messages ?? [] };
  return mockServer((request) => {
    const answer = handle(request, state);
    if (answer) return answer;
    if (request.method === 'GET' && request.url === `/api/applications/${APPLICATION_ID}`) {
      return jsonResponse(200, { application: state.detail });
    }
    if (request.method === 'GET' && request.url === `/api/applications/${APPLICATION_ID}/messages`) {
      return jsonResponse(200, { messages: state.messages });
    }
    return jsonResponse(404, { error: true, message: `Not in this test: ${request.method} ${request.url}` });
  });
}
