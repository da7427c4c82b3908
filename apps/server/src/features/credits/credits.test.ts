import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dialect, grantCredits, type TestApp } from '../../../test/harness.js';

describe(`job credits (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('shows a balance, the sum of the ledger, only to its owner', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const url = `/api/credits/${owner.id}`;
    expect((await t.inject({ method: 'GET', url, headers: owner.auth })).json()).toEqual({ credits: 0 });
    await grantCredits(t, owner.id, 3);
    await grantCredits(t, owner.id, 2);
    expect((await t.inject({ method: 'GET', url, headers: owner.auth })).json()).toEqual({ credits: 5 });
    expect((await t.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url, headers: other.auth })).statusCode).toBe(403);
  });
});
