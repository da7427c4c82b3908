import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * `password2` is a trap for bots. It is off screen, hidden from assistive technology
 * and out of the tab order, so a person never fills it; a form that arrives with it filled is refused.
 */
export function HoneypotField({ registration }: { registration: UseFormRegisterReturn }) {
  const id = useId();
  return (
    <div className="honeypot" aria-hidden="true" data-testid="honeypot">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...registration} />
    </div>
  );
}
