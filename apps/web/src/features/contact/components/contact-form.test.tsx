import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldError, jsonResponse, mockServer, renderWithProviders } from '../../../testing/render';
import { ContactForm } from './contact-form';

describe('ContactForm', () => {
  it('shows the spec messages once fields are touched; the subject is not checked', async () => {
    const { user } = renderWithProviders(<ContactForm />);
    const email = screen.getByLabelText('Email');
    const subject = screen.getByLabelText('Subject');
    const text = screen.getByLabelText('Message');

    await user.type(email, 'someone@');
    await user.click(subject);
    await waitFor(() => expect(fieldError(email)).toBe('Invalid email address'));
    await user.click(text);
    expect(fieldError(subject)).toBeNull();

    await user.type(text, 'too short');
    expect(fieldError(text)).toBeNull();
    await user.click(email);
    await waitFor(() => expect(fieldError(text)).toBe('Must be at least 10 characters'));
    await user.clear(text);
    await waitFor(() => expect(fieldError(text)).toBe('Required'));
    await user.clear(email);
    await waitFor(() => expect(fieldError(email)).toBe('Required'));
  });

  it('has no honeypot', () => {
    renderWithProviders(<ContactForm />);
    expect(screen.queryByTestId('honeypot')).not.toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toEqual([
      screen.getByLabelText('Email'),
      screen.getByLabelText('Subject'),
      screen.getByLabelText('Message'),
    ]);
  });

  it('sends the message with the e-mail lower-cased, thanks and clears the form', async () => {
    const requests = mockServer(() => jsonResponse(200, { message: 'Thanks! We will get back to you soon.' }));
    const { user } = renderWithProviders(<ContactForm />);
    await user.type(screen.getByLabelText('Email'), 'School.Office@Example.COM');
    await user.type(screen.getByLabelText('Subject'), 'Invoice');
    await user.type(screen.getByLabelText('Message'), 'Please send me an invoice for my credits.');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Thanks! We will get back to you soon.');
    expect(requests[0]).toMatchObject({ url: '/api/contact-us', method: 'POST' });
    expect(requests[0]?.body).toEqual({
      email: 'school.office@example.com',
      subject: 'Invoice',
      text: 'Please send me an invoice for my credits.',
    });
    await waitFor(() => expect(screen.getByLabelText('Message')).toHaveValue(''));
    expect(screen.getByLabelText('Subject')).toHaveValue('');
  });

  it('starts with the e-mail of the logged-in user', () => {
    renderWithProviders(<ContactForm defaultEmail="me@example.com" />);
    expect(screen.getByLabelText('Email')).toHaveValue('me@example.com');
  });
});
