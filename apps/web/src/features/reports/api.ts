// Reports of a posting (BEYOND §9): anyone, signed in or not, may report a live posting. Loaded with
// the report dialog only, when "Report this job" is pressed, so the answer is checked with the shared
// schema without zod reaching the posting's first download.
import { useMutation } from '@tanstack/react-query';
import { ReportCreatedSchema, type ReportCreate, type ReportCreated } from '@teacheast/shared';
import { api } from '../../lib/api-client';

function reportJob(jobUuid: string, report: ReportCreate): Promise<ReportCreated> {
  return api.post(`/api/jobs/${encodeURIComponent(jobUuid)}/reports`, report, { schema: ReportCreatedSchema });
}

/** Sends a report; a second open report by the same account answers 409 ALREADY_REPORTED. */
export function useReportJob(jobUuid: string) {
  return useMutation({ mutationFn: (report: ReportCreate) => reportJob(jobUuid, report) });
}
