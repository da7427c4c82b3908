import type { Resume } from '@teacheast/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { ResumeView } from './resume-view';

const resume: Resume = {
  uuid: '8a7b6c5d-4e3f-4a1b-8c9d-0e1f2a3b4c5d',
  name: 'Jane Doe',
  email: 'jane@example.com',
  nationality: 'Canada',
  education: 'Bachelors',
  experience: '3',
  desiredCountry: 'Vietnam',
  desiredStartDate: 'September',
  desiredAgeGroup: 'Adults',
  profileImage: null,
  lastUpdatedAt: '2026-06-01T00:00:00.000Z',
  resumeHtml: '',
  resumeUrl: '',
  published: true,
};

const PDF = '/api/resumes/pdf/8a7b6c5d?expires=1780000000&sig=' + 'a'.repeat(64);

function resumeSection() {
  return screen.getByRole('region', { name: 'Resume' });
}

describe('the resume page (ResumeView)', () => {
  it('shows a PDF resume as the PDF URL link, opening in a new tab, and no text', () => {
    renderWithProviders(<ResumeView resume={{ ...resume, resumeUrl: PDF, resumeHtml: '<p>Old text</p>' }} />);
    const link = within(resumeSection()).getByRole('link', { name: /^PDF URL ?\(opens in a new tab\)$/ });
    expect(link).toHaveAttribute('href', PDF);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // The PDF wins over any text kept from before.
    expect(screen.queryByText('Old text')).not.toBeInTheDocument();
  });

  it('shows a written resume as its rich text, and no PDF link', () => {
    renderWithProviders(
      <ResumeView resume={{ ...resume, resumeHtml: '<h2>Experience</h2><p>Taught <strong>phonics</strong>.</p>' }} />,
    );
    const section = resumeSection();
    expect(within(section).getByRole('heading', { name: 'Experience' })).toBeInTheDocument();
    expect(within(section).getByText('phonics').tagName).toBe('STRONG');
    expect(within(section).queryByRole('link', { name: /PDF URL/ })).not.toBeInTheDocument();
  });

  it('says so when there is neither', () => {
    renderWithProviders(<ResumeView resume={resume} />);
    expect(within(resumeSection()).getByText('No resume text or PDF yet.')).toBeInTheDocument();
  });

  it('heads the page with the name, then the six facts', () => {
    renderWithProviders(<ResumeView resume={resume} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    const facts = screen.getAllByRole('term').map((term) => term.textContent);
    expect(facts).toEqual([
      'Nationality',
      'Education',
      'Experience',
      'Desired Country',
      'Desired Start Date',
      'Desired Age Group',
    ]);
  });
});
