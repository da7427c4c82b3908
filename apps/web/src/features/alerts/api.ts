// Job alerts' calls (BEYOND §4): create one for a search, list and delete the account's own, and
// confirm one made without an account from the link in its mail. Answers are checked with the
// shared schemas: this module loads with the alert form, the account page and the confirmation
// page, never with the first download of /jobs.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  JobAlertAnswerSchema,
  JobAlertListAnswerSchema,
  type JobAlert,
  type JobAlertConfirmSchema,
  type JobAlertCreate,
} from '@teacheast/shared';
import type { z } from 'zod';
import { api } from '../../lib/api-client';

type JobAlertConfirm = z.input<typeof JobAlertConfirmSchema>;

/** The account's alerts; dropped with every other private query at logout (lib/session.ts). */
const jobAlertsKey = ['job-alerts'] as const;

function createJobAlert(body: JobAlertCreate): Promise<JobAlert> {
  return api.post('/api/job-alerts', body, { schema: JobAlertAnswerSchema }).then((d) => d.alert);
}

function listJobAlerts(signal?: AbortSignal): Promise<JobAlert[]> {
  return api.get('/api/job-alerts', { schema: JobAlertListAnswerSchema, signal }).then((d) => d.alerts);
}

async function deleteJobAlert(id: string): Promise<void> {
  await api.delete(`/api/job-alerts/${encodeURIComponent(id)}`);
}

function confirmJobAlert(token: string): Promise<JobAlert> {
  const body: JobAlertConfirm = { token };
  return api.post('/api/job-alerts/confirm', body, { schema: JobAlertAnswerSchema }).then((d) => d.alert);
}

export function useJobAlerts() {
  return useQuery({ queryKey: jobAlertsKey, queryFn: ({ signal }) => listJobAlerts(signal) });
}

export function useCreateJobAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createJobAlert,
    onSuccess: () => client.invalidateQueries({ queryKey: jobAlertsKey }),
  });
}

/** Deletes an alert; the list drops it at once and is then read again from the server. */
export function useDeleteJobAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteJobAlert,
    onSuccess: (_, id) => {
      client.setQueryData<JobAlert[]>(jobAlertsKey, (alerts) => alerts?.filter((alert) => alert.id !== id));
    },
    // Also after a failure: a 404 means the alert is already gone, and the list should say so.
    onSettled: () => client.invalidateQueries({ queryKey: jobAlertsKey }),
  });
}

/**
 * Posts the confirmation mail's token when the person asks to (a button, never on load: link scanners
 * open every link in a mail).
 */
export function useConfirmJobAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmJobAlert,
    onSuccess: () => client.invalidateQueries({ queryKey: jobAlertsKey }),
  });
}
