// The card number, expiry and CVC inputs of the built-in test payment provider, shared by both
// checkouts (job credits and the resume board subscription).
import type { Card } from '@teacheast/shared';
import { useId } from 'react';

/** The card the test provider's forms send: the shared Card of the API's test-payment bodies. */
export type { Card as TestCard };

export const EMPTY_CARD: Card = { number: '', exp: '', cvc: '' };

/** One of the card's text fields: its label, and a numeric input filled in by the browser's card autofill. */
function CardField(props: {
  label: string;
  autoComplete: string;
  maxLength: number;
  placeholder?: string;
  value: string;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        className="field__control"
        inputMode="numeric"
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        required
        maxLength={props.maxLength}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}

export function CardInputs({
  card,
  onChange,
  rowClassName,
}: {
  card: Card;
  onChange(card: Card): void;
  rowClassName: string;
}) {
  const set = (field: keyof Card) => (value: string) => onChange({ ...card, [field]: value });
  return (
    <>
      <CardField
        label="Card number"
        autoComplete="cc-number"
        maxLength={23}
        value={card.number}
        onChange={set('number')}
      />
      <div className={rowClassName}>
        <CardField
          label="Expiry (MM/YY)"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
          value={card.exp}
          onChange={set('exp')}
        />
        <CardField label="CVC" autoComplete="cc-csc" maxLength={4} value={card.cvc} onChange={set('cvc')} />
      </div>
    </>
  );
}
