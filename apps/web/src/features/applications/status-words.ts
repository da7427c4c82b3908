// Applications' stages in words, as both sides read them.
import type { ApplicationStatus } from '@teacheast/shared';

export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  submitted: 'Submitted',
  viewed: 'Viewed',
  shortlisted: 'Shortlisted',
  interview: 'Interview',
  offered: 'Offered',
  accepted: 'Offer accepted',
  declined: 'Offer declined',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  closed: 'Closed',
};

/**
 * The stages at which a teacher may still withdraw, and an employer still decide, propose an
 * interview or make an offer (the server's open stages).
 */
export function isOpen(status: ApplicationStatus): boolean {
  return status === 'submitted' || status === 'viewed' || status === 'shortlisted' || status === 'interview';
}
