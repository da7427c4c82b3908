// Applications' stages in words, as both sides read them.
import type { ApplicationStatus } from '@teacheast/shared';

export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  submitted: 'Submitted',
  viewed: 'Viewed',
  shortlisted: 'Shortlisted',
  offered: 'Offered',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  closed: 'Closed',
};

/** The stages at which a teacher may still withdraw, and an employer still decide. */
export function isOpen(status: ApplicationStatus): boolean {
  return status === 'submitted' || status === 'viewed' || status === 'shortlisted';
}
