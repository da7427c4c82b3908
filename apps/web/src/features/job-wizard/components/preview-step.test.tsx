// The preview step's word on a job that no longer takes applications: expired, or taken down by TeachEast.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { publishedJob } from '../../../testing/published-job';
import { jsonResponse, mockServer, renderWithProviders } from '../../../testing/render';
import { PreviewStep } from './preview-step';

const USER_UUID = '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

function renderPreview(job: typeof publishedJob) {
  mockServer(() => jsonResponse(200, job));
  return renderWithProviders(<PreviewStep uuid={job.uuid} userUuid={USER_UUID} />, {
    route: paths.jobWizard('preview', job.uuid),
  });
}

describe('the preview of a closed job', () => {
  it('says a job TeachEast took down was taken down, not that it expired', async () => {
    renderPreview({ ...publishedJob, status: 'expired', takenDown: true });
    expect(await screen.findByText('TeachEast took this job down.')).toBeTruthy();
    expect(screen.queryByText('This job has expired.')).toBeNull();
  });

  it('says an expired job expired', async () => {
    renderPreview({ ...publishedJob, status: 'expired', takenDown: false });
    expect(await screen.findByText('This job has expired.')).toBeTruthy();
  });
});
