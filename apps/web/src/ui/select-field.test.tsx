import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { fieldError } from '../testing/render';
import { SelectField, type SelectOption } from './select-field';

function CountryForm({
  options,
  placeholder,
  error,
}: {
  options: readonly SelectOption[];
  placeholder?: string;
  error?: string;
}) {
  const { register, watch } = useForm<{ country: string }>({ defaultValues: { country: '' } });
  return (
    <form>
      <SelectField
        label="Country"
        options={options}
        placeholder={placeholder}
        registration={register('country')}
        error={error}
      />
      <output aria-label="Chosen">{watch('country')}</output>
    </form>
  );
}

const COUNTRIES = [
  { value: 'japan', label: 'Japan' },
  { value: 'south-korea', label: 'South Korea' },
];

describe('SelectField', () => {
  it('is a select named by its label, offering the empty choice first and then each option', () => {
    render(<CountryForm options={COUNTRIES} placeholder="Choose a country" />);
    const select = screen.getByLabelText('Country') as HTMLSelectElement;

    expect(select.tagName).toBe('SELECT');
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'Choose a country'],
      ['japan', 'Japan'],
      ['south-korea', 'South Korea'],
    ]);
    expect(select.value).toBe('');
  });

  it('shows plain strings as both value and text, with no empty choice unless asked', () => {
    render(<CountryForm options={['Canada', 'Ireland']} />);
    const select = screen.getByLabelText('Country') as HTMLSelectElement;

    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['Canada', 'Canada'],
      ['Ireland', 'Ireland'],
    ]);
  });

  it('hands the chosen value to the form', async () => {
    render(<CountryForm options={COUNTRIES} placeholder="Choose a country" />);

    await userEvent.selectOptions(screen.getByLabelText('Country'), 'South Korea');

    expect(screen.getByLabelText('Chosen').textContent).toBe('south-korea');
  });

  it('marks itself invalid and announces its error message', () => {
    render(<CountryForm options={COUNTRIES} placeholder="Choose a country" error="Please choose a country." />);
    const select = screen.getByLabelText('Country');

    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(fieldError(select)).toBe('Please choose a country.');
    expect(screen.getByText('Please choose a country.').className).toBe('field__error');
  });

  it('has no error state while valid', () => {
    render(<CountryForm options={COUNTRIES} placeholder="Choose a country" />);
    const select = screen.getByLabelText('Country');

    expect(select.hasAttribute('aria-invalid')).toBe(false);
    expect(select.hasAttribute('aria-describedby')).toBe(false);
    expect(document.querySelector('.field__error')).toBeNull();
  });
});
