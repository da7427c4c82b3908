// The card number, expiry and CVC inputs of the built-in test payment provider, shared by both
// checkouts (job credits and the resume board subscription).
import { useId } from 'react';

export interface TestCard {
  number: string;
  exp: string;
  cvc: string;
}

export const EMPTY_CARD: TestCard = { number: '', exp: '', cvc: '' };

export function CardInputs({
  card,
  onChange,
  rowClassName,
}: {
  card: TestCard;
  onChange(card: TestCard): void;
  rowClassName: string;
}) {
  const ids = { number: useId(), exp: useId(), cvc: useId() };
  const set = (field: keyof TestCard) => (event: { target: { value: string } }) =>
    onChange({ ...card, [field]: event.target.value });
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={ids.number}>
          Card number
        </label>
        <input
          id={ids.number}
          className="field__control"
          inputMode="numeric"
          autoComplete="cc-number"
          required
          maxLength={23}
          value={card.number}
          onChange={set('number')}
        />
      </div>
      <div className={rowClassName}>
        <div className="field">
          <label className="field__label" htmlFor={ids.exp}>
            Expiry (MM/YY)
          </label>
          <input
            id={ids.exp}
            className="field__control"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            required
            maxLength={7}
            value={card.exp}
            onChange={set('exp')}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.cvc}>
            CVC
          </label>
          <input
            id={ids.cvc}
            className="field__control"
            inputMode="numeric"
            autoComplete="cc-csc"
            required
            maxLength={4}
            value={card.cvc}
            onChange={set('cvc')}
          />
        </div>
      </div>
    </>
  );
}
