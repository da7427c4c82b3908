import { afterEach, describe, expect, it } from 'vitest';
import { currentUserQueryKey, queryClient } from './query-client';
import { endSession, startSession } from './session';

describe('a session', () => {
  afterEach(() => {
    endSession();
    queryClient.clear();
  });

  it('asks again, once started, for what was fetched as a visitor, and keeps what is everybody’s', () => {
    // A posting's page names nobody's saves; the member's own must come from the API.
    queryClient.setQueryData(['jobs', 'job', 'abc'], { uuid: 'abc', favoritedBy: [] });
    queryClient.setQueryData(['site-config'], { testMode: true });
    startSession('token', { uuid: 'u1', email: 'a@example.com', subscriptionId: null });
    expect(queryClient.getQueryData(currentUserQueryKey)).toMatchObject({ uuid: 'u1' });
    expect(queryClient.getQueryState(['jobs', 'job', 'abc'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['site-config'])?.isInvalidated).toBe(false);
  });
});
