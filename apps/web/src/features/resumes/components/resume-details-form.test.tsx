import type { ResumeDetailsAnswer } from '@teacheast/shared';
import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { jsonResponse, mockServer, renderWithProviders } from '../../../testing/render';
import { ResumeDetailsForm } from './resume-details-form';

const USER = '6f1c1f52-3a0e-4d8e-9a4f-1d2b3c4d5e6f';

/** Before the first save every value is '', the e-mail the account's (SPEC §4). */
const unsaved: ResumeDetailsAnswer = {
  name: '',
  email: 'teacher@example.com',
  nationality: '',
  education: '',
  experience: '',
  desiredCountry: '',
  desiredStartDate: '',
  desiredAgeGroup: '',
};

const CHOICES: [label: string, option: string][] = [
  ['Nationality', 'Canada'],
  ['Education', 'Bachelors'],
  ['Years of experience', '3'],
  ['Desired country', 'Vietnam'],
  ['Desired start date', 'September'],
  ['Desired age group', 'Adults'],
];

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderDetails(
  saved: ResumeDetailsAnswer = unsaved,
  optional: Pick<Parameters<typeof ResumeDetailsForm>[0], 'optionalPart' | 'saveOptionalPart'> = {},
) {
  const detailsPath = paths.postResumeStep('details', USER);
  return renderWithProviders(
    <Routes>
      <Route path="*" element={<ResumeDetailsForm userUuid={USER} saved={saved} {...optional} />} />
      <Route path={paths.postResumeStep('profile-image', USER)} element={<Where />} />
    </Routes>,
    { route: detailsPath },
  );
}

const next = () => screen.getByRole('button', { name: 'Next' });

describe('the resume wizard’s details step', () => {
  // Fourteen steps of user-event: longer than the default 5 s on a busy machine.
  it(
    'keeps Next disabled until every field is filled, and again when one is emptied',
    { timeout: 20_000 },
    async () => {
      const { user } = renderDetails();
      expect(next()).toBeDisabled();
      expect(next()).toHaveAccessibleDescription('Fill in every field to continue.');

      await user.click(screen.getByLabelText('Name'));
      await user.paste('Jane Doe');
      for (const [label, option] of CHOICES) {
        expect(next()).toBeDisabled();
        await user.selectOptions(screen.getByLabelText(label), option);
      }
      expect(next()).toBeEnabled();
      expect(screen.queryByText('Fill in every field to continue.')).not.toBeInTheDocument();

      // Spaces are not a name.
      await user.clear(screen.getByLabelText('Name'));
      await user.paste('   ');
      expect(next()).toBeDisabled();
      await user.paste('Jane');
      expect(next()).toBeEnabled();
      await user.clear(screen.getByLabelText('Email'));
      expect(next()).toBeDisabled();
    },
  );

  const saved: ResumeDetailsAnswer = {
    ...unsaved,
    name: 'Jane Doe',
    nationality: 'Canada',
    education: 'Bachelors',
    experience: '3',
    desiredCountry: 'Vietnam',
    desiredStartDate: 'September',
    desiredAgeGroup: 'Adults',
  };

  it('opens with Next enabled for saved details, saves them and goes on to the photo', async () => {
    const requests = mockServer(() => jsonResponse(200, saved));
    const { user } = renderDetails(saved);
    expect(next()).toBeEnabled();

    await user.click(next());
    expect(await screen.findByTestId('where')).toHaveTextContent(paths.postResumeStep('profile-image', USER));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'PUT', url: `/api/post-resume/details/${USER}`, body: saved });
  });

  it('shows the optional part among the details and saves it with Next, staying when it is refused', async () => {
    mockServer(() => jsonResponse(200, saved));
    const saveOptionalPart = vi.fn<() => Promise<boolean>>().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    const { user } = renderDetails(saved, {
      optionalPart: <p>The visa questions</p>,
      saveOptionalPart,
    });
    expect(screen.getByRole('form', { name: 'Resume details' })).toHaveTextContent('The visa questions');

    // The part refuses (a wrong answer, shown by the part): the step stays.
    await user.click(next());
    await vi.waitFor(() => expect(saveOptionalPart).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    expect(next()).toHaveTextContent('Next');

    await user.click(next());
    expect(await screen.findByTestId('where')).toHaveTextContent(paths.postResumeStep('profile-image', USER));
    expect(saveOptionalPart).toHaveBeenCalledTimes(2);
  });
});
